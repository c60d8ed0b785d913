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
//   it, one chunk per set: a page loads exactly the modules it did before, in fewer files.
// "Use" follows the bindings, as Rollup's tree-shaking does (a barrel's re-exports lead
// only where a used name is declared; a module's imports count only when a used
// statement refers to them): following every import would pull the modules only lazy
// imports reach (the login dialog, the API client, zod) into the shell. Those keep
// Rollup's default chunks. A route module itself stays its own entry chunk (the route
// manifest points at it).
import { createHash } from 'node:crypto';
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

/** Chunk name for every module a first load imports statically (framework excepted). */
export function planFirstLoadChunks(meta: ManualChunkMeta): ChunkPlan {
  const ids = [...meta.getModuleIds()];
  const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
  const plan: ChunkPlan = new Map();
  const shell = askFrom(
    entries.filter((id) => CLIENT_ENTRY.test(id) || ROOT_ROUTE.test(id)),
    meta,
  ).used;
  // A module's code in the bundle is what every importer uses of it, lazily loaded ones
  // included. What that code needs joins the shell too, so the shell never waits on a
  // chunk of some pages.
  const lazy = ids.flatMap((id) => meta.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  const everywhere = askFrom([...entries, ...lazy], meta).asked;
  const pending = [...shell];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    for (const next of neededImports(id, everywhere.get(id) ?? 'all', meta)?.codeNeeds ?? []) {
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
  for (const id of shell) plan.set(id, 'shell');
  // Named by the set of routes (a short hash: the set itself can be a dozen names long).
  for (const [id, routes] of routesOf) {
    const set = [...routes].sort().join('+');
    plan.set(id, routes.size === 1 ? set : `pages-${createHash('sha256').update(set).digest('hex').slice(0, 8)}`);
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
