// How the browser build is cut into chunks. Rollup's default makes one chunk per set of
// entries (the client entry, every route module, every lazy import) that share a module,
// so a page's first load was some forty files of a few hundred bytes each: on a phone
// over HTTP/1.1 (six connections, a round trip each) the requests, not the bytes, held
// the page back. Here:
// - React, React DOM and React Router form one `framework` chunk (it compresses better
//   whole, and keeps its name across deploys that change only the app);
// - what the client entry and the root route use, which every page loads anyway, forms
//   one `shell` chunk, with what that code itself needs;
// - what route modules use (beyond the shell) is grouped by the set of routes that use
//   it, one chunk per set; a page's own modules that lazily loaded code uses too are kept
//   apart from the rest of that page's code (a dialog on one page never fetches another
//   page); groups then merge where that makes the first loads smaller in all (fewer
//   files), each page carrying at most EXTRA_BYTES_PER_PAGE of code it does not use;
// - every other module (what only lazily loaded code uses: dialogs, sections, the API
//   client, zod) is grouped by the set of lazy imports that use it. Left to Rollup, a
//   module that a first-load module merely imports (a barrel's neighbour, an icon only a
//   lazily loaded error page draws) joined that module's chunk, and so the first load.
// "Use" follows the bindings, as Rollup's tree-shaking does (a barrel's re-exports lead
// only where a used name is declared; a module's imports count only when a used
// statement refers to them): following every import would pull the modules only lazy
// imports reach into the shell. A route module itself stays its own entry chunk (the
// route manifest points at it).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { ManualChunkMeta, Plugin } from 'rollup';

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** Rollup's CommonJS helpers: the framework (CommonJS React) needs them before anything else. */
const COMMONJS_HELPERS = /^\0commonjsHelpers\.js$/;
const CLIENT_ENTRY = /[\\/]app[\\/]entry\.client\.tsx$/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/]([^\\/?]+)\.tsx(\?|$)/;

type ChunkPlan = Map<string, string>;
type Wanted = Set<string> | 'all';
type Node = { type: string; [key: string]: unknown };
type Specifier = {
  type: string;
  imported?: { name?: string; value?: string };
  local?: { name?: string; value?: string };
};

const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value ?? '';
const sourceOf = (node: Node) => (node.source as { value?: string } | null | undefined)?.value;

/** Names an AST node refers to (not property names after a dot, nor object keys). */
function referencedNames(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, into);
  } else if (node && typeof node === 'object') {
    const n = node as Node;
    if (n.type === 'Identifier') into.add(nameOf(n as Specifier['local']));
    for (const [key, value] of Object.entries(n)) {
      if (key === 'property' && n.type === 'MemberExpression' && !n.computed) continue;
      if (key === 'key' && n.type === 'Property' && !n.computed && !n.shorthand) continue;
      if (value && typeof value === 'object') referencedNames(value, into);
    }
  }
  return into;
}

/** The local names a top-level statement declares, and the export names it gives them. */
function declaredNames(node: Node): { locals: string[]; exports: [string, string][] } {
  const declaration = (
    node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration' ? node.declaration : node
  ) as Node | null;
  const locals: string[] = [];
  if (declaration?.type === 'VariableDeclaration') {
    for (const d of declaration.declarations as { id: unknown }[]) locals.push(...referencedNames(d.id, new Set()));
  } else if (declaration && /^(Function|Class)Declaration$/.test(declaration.type) && declaration.id) {
    locals.push(nameOf(declaration.id as Specifier['local']));
  }
  const exports: [string, string][] = [];
  if (node.type === 'ExportNamedDeclaration' && !node.source) {
    for (const local of locals) exports.push([local, local]);
    for (const s of (node.specifiers as Specifier[] | undefined) ?? []) {
      exports.push([nameOf((s as { exported?: Specifier['local'] }).exported ?? s.local), nameOf(s.local)]);
    }
  } else if (node.type === 'ExportDefaultDeclaration') {
    exports.push(['default', locals[0] ?? '*default*']);
    if (locals.length === 0) locals.push('*default*');
  }
  return { locals, exports };
}

/**
 * The modules a module really needs for the exports asked of it, with the names it takes
 * from each: Rollup's tree-shaking by top-level statement, by name. A barrel
 * (`features/x/index.ts`) leads only to the modules whose exports are used, and a module
 * of many exports (`constants.ts`) only to what the used ones refer to. Undefined when the
 * module's imports cannot be matched to Rollup's resolutions: it is then not followed (a
 * chunk stays apart rather than a lazily loaded module joining a first load).
 */
function neededImports(
  id: string,
  wanted: Wanted,
  meta: ManualChunkMeta,
): { needs: Map<string, Wanted>; codeNeeds: Set<string>; keepsCode: boolean } | undefined {
  const info = meta.getModuleInfo(id);
  const body = (info?.ast as { body?: Node[] } | null | undefined)?.body;
  if (!info || !body) return undefined;
  const sources: string[] = [];
  for (const node of body) {
    const source = sourceOf(node);
    if (source !== undefined && !sources.includes(source)) sources.push(source);
  }
  if (sources.length !== info.importedIds.length) return undefined;
  const idOf = new Map(sources.map((source, i) => [source, info.importedIds[i] as string]));
  const needs = new Map<string, Wanted>();
  // What the module's own code imports (not what it only passes on: Rollup links a
  // re-exported name straight to the module that declares it).
  const codeNeeds = new Set<string>();
  const need = (source: string, names: Wanted, byCode = false) => {
    const target = idOf.get(source) as string;
    if (byCode) codeNeeds.add(target);
    const before = needs.get(target);
    if (before === 'all' || names === 'all') needs.set(target, 'all');
    else needs.set(target, new Set([...(before ?? []), ...names]));
  };
  const wants = (name: string) => wanted === 'all' || wanted.has(name);

  const imported = new Map<string, [string, Wanted]>();
  const declaring = new Map<string, Node>();
  const exportedAs = new Map<string, string>();
  const kept: Node[] = [];
  for (const node of body) {
    const source = sourceOf(node);
    const specifiers = (node.specifiers as Specifier[] | undefined) ?? [];
    if (node.type === 'ImportDeclaration' && source !== undefined) {
      if (specifiers.length === 0) need(source, 'all', true);
      for (const s of specifiers) {
        const names: Wanted =
          s.type === 'ImportSpecifier'
            ? new Set([nameOf(s.imported)])
            : s.type === 'ImportDefaultSpecifier'
              ? new Set(['default'])
              : 'all';
        imported.set(nameOf(s.local), [source, names]);
      }
    } else if (node.type === 'ExportAllDeclaration' && source !== undefined) {
      const as = nameOf(node.exported as Specifier['local']);
      if (as ? wants(as) : true) need(source, as ? 'all' : wanted);
    } else if (source !== undefined) {
      for (const s of specifiers) {
        const as = nameOf((s as { exported?: Specifier['local'] }).exported ?? s.local);
        if (wants(as)) need(source, new Set([nameOf(s.local)]));
      }
    } else {
      const { locals, exports } = declaredNames(node);
      for (const local of locals) declaring.set(local, node);
      for (const [as, local] of exports) exportedAs.set(as, local);
      // A statement that declares nothing runs for its effect: always kept.
      if (locals.length === 0 && exports.length === 0) kept.push(node);
      else if (wanted === 'all' || exports.some(([as]) => wanted.has(as))) kept.push(node);
    }
  }
  if (wanted !== 'all') {
    for (const as of wanted) {
      const local = exportedAs.get(as);
      const statement = local === undefined ? undefined : declaring.get(local);
      if (statement) kept.push(statement);
      else if (local !== undefined && imported.has(local)) {
        const [source, names] = imported.get(local) as [string, Wanted];
        need(source, names);
      }
    }
  }
  const seen = new Set<Node>();
  const keepsCode = kept.length > 0;
  while (kept.length > 0) {
    const statement = kept.pop() as Node;
    if (seen.has(statement)) continue;
    seen.add(statement);
    for (const name of referencedNames(statement, new Set())) {
      const local = declaring.get(name);
      if (local) kept.push(local);
      const from = imported.get(name);
      if (from) need(from[0], from[1], true);
    }
  }
  return { needs, codeNeeds, keepsCode };
}

/**
 * The modules whose code a module's code (for the names asked of it) refers to: through a
 * barrel's re-exports to the module that declares each name, as Rollup links them.
 */
function codeNeeds(id: string, wanted: Wanted, meta: ManualChunkMeta): Set<string> {
  const out = new Set<string>();
  const found = neededImports(id, wanted, meta);
  if (!found) return out;
  const seen = new Set<string>();
  const follow = (target: string, names: Wanted) => {
    const key = `${target}\0${names === 'all' ? '*' : [...names].sort().join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const passed = neededImports(target, names, meta);
    if (!passed || passed.keepsCode) out.add(target);
    for (const [next, nextNames] of passed?.needs ?? []) {
      if (!passed?.codeNeeds.has(next)) follow(next, nextNames);
    }
  };
  for (const target of found.codeNeeds) follow(target, found.needs.get(target) ?? 'all');
  return out;
}

type Asked = Map<string, Wanted>;

/**
 * What the modules reached from `starts` are asked for (each module: the union of the
 * names wanted of it), and which of them contribute code (a module asked only for names
 * it re-exports contributes none).
 */
function askFrom(starts: readonly string[], meta: ManualChunkMeta): { asked: Asked; used: Set<string> } {
  const asked: Asked = new Map();
  const used = new Set<string>();
  const queue: [string, Wanted][] = starts.map((start) => [start, 'all']);
  while (queue.length > 0) {
    const [id, names] = queue.pop() as [string, Wanted];
    const before = asked.get(id);
    if (before === 'all' || (before && names !== 'all' && [...names].every((n) => before.has(n)))) continue;
    const merged: Wanted = before === undefined || names === 'all' ? names : new Set([...before, ...names]);
    asked.set(id, merged);
    const found = neededImports(id, merged, meta);
    // A module whose source cannot be read (a CommonJS wrapper, a virtual module) is
    // needed as a whole when asked for anything.
    if (!found || found.keepsCode) used.add(id);
    for (const [next, wanted] of found?.needs ?? []) queue.push([next, wanted]);
  }
  return { asked, used };
}

/** Adds to `sets` (module → names) the names of each module to every module its code needs, outside `skip`. */
function spreadToCodeNeeds(
  sets: Map<string, Set<string>>,
  skip: (id: string) => boolean,
  codeNeedsOf: (id: string) => Iterable<string>,
): void {
  const pending = [...sets.keys()];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    const names = sets.get(id) as Set<string>;
    for (const next of codeNeedsOf(id)) {
      if (skip(next)) continue;
      const into = sets.get(next) ?? new Set<string>();
      const size = into.size;
      for (const name of names) into.add(name);
      if (into.size > size || !sets.has(next)) {
        sets.set(next, into);
        pending.push(next);
      }
    }
  }
}

/** `prefix-` and a short hash of a set of names (the set itself can be a dozen names long). */
function hashedName(prefix: 'pages' | 'lazy', names: Set<string>): string {
  return `${prefix}-${createHash('sha256')
    .update([...names].sort().join('+'))
    .digest('hex')
    .slice(0, 8)}`;
}

/** A chunk named by hashedName (a set of pages or of lazily loaded modules), not by a page or module. */
export function isGroupName(name: string): boolean {
  return /^(pages|lazy)-[0-9a-f]{8}$/.test(name);
}

/**
 * A page's cost of one more file, compressed: the file's own framing and the compression
 * it does not share with the others (measured: 27 files of a post page, 20.0 KB apart,
 * 15.1 KB as one), and its importer's import line.
 */
const BYTES_PER_FILE = 250;
/** What a page may load, all merges together, that it does not use (estimated, compressed). */
const EXTRA_BYTES_PER_PAGE = 400;

/**
 * About what a module adds to a chunk, compressed: three quarters of its transformed
 * code in Brotli (measured on this app's modules: minifying and sharing a chunk's
 * compression take off about a quarter; tree-shaking, for a few, more).
 */
function estimatedBytes(code: string | null | undefined): number {
  if (!code) return 0;
  return brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }).length * 0.75;
}

type PageGroup = {
  routes: Set<string>;
  /** One page's modules that lazily loaded ones use too (kept apart from that page's own code). */
  isShared: boolean;
  modules: string[];
  bytes: number;
  imports: Set<PageGroup>;
};

/**
 * Merges route groups while that makes the pages' first loads smaller in all: a merge
 * saves each page that loads both groups a file, and costs each page that loads one of
 * them the other's bytes. A chunk of one icon used by a dozen pages so joins a
 * neighbour, and the few pages that did without it carry a hundred bytes more; no page
 * carries more than EXTRA_BYTES_PER_PAGE of code it does not use. Never merges two
 * groups when one reaches the other through a third (the chunks would import each other).
 */
function mergeRouteGroups(groups: PageGroup[]): PageGroup[] {
  const reaches = (from: PageGroup, to: PageGroup, skip: PageGroup) => {
    const seen = new Set<PageGroup>([skip]);
    const stack = [...from.imports].filter((g) => g !== skip);
    while (stack.length > 0) {
      const group = stack.pop() as PageGroup;
      if (group === to) return true;
      if (seen.has(group)) continue;
      seen.add(group);
      stack.push(...group.imports);
    }
    return false;
  };
  const live = new Set(groups);
  const extra = new Map<string, number>();
  const affordable = (payers: Set<string>, others: Set<string>, bytes: number) => {
    for (const route of payers) {
      if (!others.has(route) && (extra.get(route) ?? 0) + bytes > EXTRA_BYTES_PER_PAGE) return false;
    }
    return true;
  };
  for (;;) {
    let best: [PageGroup, PageGroup] | null = null;
    let bestGain = 0;
    const list = [...live];
    for (const [i, a] of list.entries()) {
      for (const b of list.slice(i + 1)) {
        let shared = 0;
        for (const route of a.routes) if (b.routes.has(route)) shared++;
        // A page's own code never merges with what lazily loaded modules use of it.
        if (shared === 0 || (a.routes.size === 1 && b.routes.size === 1 && a.isShared !== b.isShared)) continue;
        const gain = shared * BYTES_PER_FILE - (a.routes.size - shared) * b.bytes - (b.routes.size - shared) * a.bytes;
        if (
          gain > bestGain &&
          affordable(a.routes, b.routes, b.bytes) &&
          affordable(b.routes, a.routes, a.bytes) &&
          !reaches(a, b, a) &&
          !reaches(b, a, b)
        ) {
          best = [a, b];
          bestGain = gain;
        }
      }
    }
    if (!best) return [...live];
    const [into, from] = best;
    for (const route of into.routes)
      if (!from.routes.has(route)) extra.set(route, (extra.get(route) ?? 0) + from.bytes);
    for (const route of from.routes)
      if (!into.routes.has(route)) extra.set(route, (extra.get(route) ?? 0) + into.bytes);
    for (const route of from.routes) into.routes.add(route);
    into.modules.push(...from.modules);
    into.bytes += from.bytes;
    for (const group of from.imports) into.imports.add(group);
    into.imports.delete(into);
    into.imports.delete(from);
    live.delete(from);
    for (const group of live) {
      if (group.imports.delete(from) && group !== into) group.imports.add(into);
    }
  }
}

/** Chunk name for every module of the browser build's app code (framework excepted). */
export function planFirstLoadChunks(meta: ManualChunkMeta): ChunkPlan {
  const ids = [...meta.getModuleIds()];
  const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
  const plan: ChunkPlan = new Map();
  // The server build has no client entry: its chunks stay Rollup's.
  if (!entries.some((id) => CLIENT_ENTRY.test(id))) return plan;
  const shell = askFrom(
    entries.filter((id) => CLIENT_ENTRY.test(id) || ROOT_ROUTE.test(id)),
    meta,
  ).used;
  // A module's code in the bundle is what every importer uses of it, lazily loaded ones
  // included. What that code needs joins the shell too, so the shell never waits on a
  // chunk of some pages.
  const lazy = [...new Set(ids.flatMap((id) => meta.getModuleInfo(id)?.dynamicallyImportedIds ?? []))];
  const everywhere = askFrom([...entries, ...lazy], meta).asked;
  const codeNeedsOf = (id: string) => codeNeeds(id, everywhere.get(id) ?? 'all', meta);
  const pending = [...shell];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    for (const next of codeNeedsOf(id)) {
      if (!shell.has(next)) {
        shell.add(next);
        pending.push(next);
      }
    }
  }
  const routesOf = new Map<string, Set<string>>();
  for (const entry of entries) {
    const route = ROUTE_MODULE.exec(entry)?.[1];
    if (!route) continue;
    for (const id of askFrom([entry], meta).used) {
      if (shell.has(id)) continue;
      const routes = routesOf.get(id) ?? new Set<string>();
      routes.add(route);
      routesOf.set(id, routes);
    }
  }
  // So with the pages' modules: what their code needs (for a lazy importer too) is loaded
  // with them, and a page's chunk never imports a lazily loaded one.
  spreadToCodeNeeds(routesOf, (id) => shell.has(id), codeNeedsOf);
  // NOTE: every other module with code gets a chunk too, by the set of lazily loaded
  // modules (dialogs, sections, the API client) that use it. Left to Rollup, a module a
  // first-load module merely imports (a barrel's neighbour, an icon only a lazy error page
  // draws) joins that module's chunk, and so the first load of every page that has it.
  const lazyOf = new Map<string, Set<string>>();
  // Lazily loaded modules by their path in the app (chunk names stay the same on any machine).
  const appDir = path.dirname(path.dirname(entries.find((id) => CLIENT_ENTRY.test(id)) as string));
  const keyOf = (id: string) => path.relative(appDir, id.replace(/\?.*$/, ''));
  // A page's own modules that lazily loaded ones use too (an icon, a hook): kept apart
  // from the page's code, so opening a dialog on one page does not fetch another page.
  const sharedLazily = new Set<string>();
  for (const entry of lazy) {
    if (shell.has(entry) || routesOf.has(entry)) continue;
    for (const id of askFrom([entry], meta).used) {
      if (routesOf.get(id)?.size === 1) sharedLazily.add(id);
      if (shell.has(id) || routesOf.has(id)) continue;
      const entriesOf = lazyOf.get(id) ?? new Set<string>();
      entriesOf.add(keyOf(entry));
      lazyOf.set(id, entriesOf);
    }
  }
  spreadToCodeNeeds(lazyOf, (id) => shell.has(id) || routesOf.has(id), codeNeedsOf);
  // What the shared modules' code needs of their page is shared too (it never imports the page's own chunk).
  const sharing = [...sharedLazily];
  while (sharing.length > 0) {
    for (const next of codeNeedsOf(sharing.pop() as string)) {
      if (routesOf.get(next)?.size === 1 && !sharedLazily.has(next)) {
        sharedLazily.add(next);
        sharing.push(next);
      }
    }
  }

  for (const id of shell) plan.set(id, 'shell');
  const bySet = new Map<string, PageGroup>();
  const groupOf = new Map<string, PageGroup>();
  for (const [id, routes] of routesOf) {
    const isShared = sharedLazily.has(id);
    const set = `${[...routes].sort().join('+')}${isShared ? ' (shared)' : ''}`;
    const group = bySet.get(set) ?? { routes: new Set(routes), isShared, modules: [], bytes: 0, imports: new Set() };
    bySet.set(set, group);
    group.modules.push(id);
    group.bytes += estimatedBytes(meta.getModuleInfo(id)?.code);
    groupOf.set(id, group);
  }
  for (const [id, group] of groupOf) {
    for (const next of codeNeedsOf(id)) {
      const to = groupOf.get(next);
      if (to && to !== group) group.imports.add(to);
    }
  }
  // NOTE: Rollup makes one chunk of each name: every group's name is its own. A page's
  // own code is named after it, other groups by a hash of their set.
  const taken = new Set(['shell', 'framework']);
  const take = (name: string) => {
    taken.add(name);
    return name;
  };
  const hashed = (prefix: 'pages' | 'lazy', set: Set<string>) => {
    let name = hashedName(prefix, set);
    for (let n = 2; taken.has(name); n++) name = hashedName(prefix, new Set([...set, `#${n}`]));
    return take(name);
  };
  for (const group of mergeRouteGroups([...bySet.values()])) {
    const routes = [...group.routes];
    const name =
      routes.length === 1 && !group.isShared
        ? take(routes[0] as string)
        : hashed('pages', new Set(group.isShared ? [...routes, '(shared)'] : routes));
    for (const id of group.modules) plan.set(id, name);
  }
  // A lazily loaded module's own code is named after it, a set of them by a hash.
  const names = new Map<string, string>();
  for (const [id, entriesOf] of lazyOf) {
    const set = [...entriesOf].sort().join('+');
    let name = names.get(set);
    if (name === undefined) {
      const own = entriesOf.size === 1 ? path.basename(set).replace(/\.[^.]+$/, '') : null;
      name = own && !taken.has(own) ? take(own) : hashed('lazy', entriesOf);
      names.set(set, name);
    }
    plan.set(id, name);
  }
  // Entry modules stay the entry chunks the route manifest names.
  for (const entry of entries) plan.delete(entry);
  return plan;
}

/**
 * Fails the browser build when its chunks import each other in a circle. The plan groups
 * modules by what each page uses of them, but a module's code in the bundle is what all
 * its importers use; a module whose exports serve different pages can so need a chunk
 * that needs its own back, and a page would break at load on an import not yet evaluated.
 * The build says so instead (split such a module by page, as features/shop did its 404s).
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'evcircle:no-chunk-cycles',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') imports.set(file, output.imports);
      }
      const done = new Set<string>();
      const path: string[] = [];
      const walk = (file: string): string[] | undefined => {
        if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
        if (done.has(file)) return undefined;
        path.push(file);
        for (const next of imports.get(file) ?? []) {
          const cycle = walk(next);
          if (cycle) return cycle;
        }
        path.pop();
        done.add(file);
        return undefined;
      };
      for (const file of imports.keys()) {
        const cycle = walk(file);
        if (cycle) this.error(`chunks import each other: ${cycle.join(' → ')} (vite-plugins/first-load-chunks.ts)`);
      }
    },
  };
}

/** Rollup's `manualChunks`, planned once per build from the whole module graph. */
export function firstLoadChunks(): (id: string, meta: ManualChunkMeta) => string | undefined {
  let plan: ChunkPlan | undefined;
  return (id, meta) => {
    if (FRAMEWORK.test(id) || COMMONJS_HELPERS.test(id)) return 'framework';
    plan ??= planFirstLoadChunks(meta);
    return plan.get(id);
  };
}

/**
 * Vite's preload of a lazily loaded chunk's dependencies, without the ones the importing
 * chunk already has. Before a dynamic import runs, Vite fetches the chunk and every chunk
 * it imports, listing their file names in the importer's code; a chunk's own static
 * imports (the framework, the shell, its page's chunks) are loaded before it runs, and
 * listing them cost every page a few hundred bytes of file names. The plugin records the
 * chunks' imports as the bundle is written (before Vite renders the lists).
 */
export function preloadWhatIsMissing(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  const importsOf = new Map<string, readonly string[]>();
  const loadedWith = (host: string) => {
    const loaded = new Set<string>();
    const pending = [host];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (loaded.has(file)) continue;
      loaded.add(file);
      pending.push(...(importsOf.get(file) ?? []));
    }
    return loaded;
  };
  return {
    plugin: {
      name: 'evcircle:preload-what-is-missing',
      generateBundle(_options, bundle) {
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') importsOf.set(file, output.imports);
        }
      },
    },
    // NOTE: with no record (another plugin order), every dependency stays listed.
    resolveDependencies: (_file, deps, { hostId }) => {
      if (!importsOf.has(hostId)) return deps;
      const loaded = loadedWith(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
