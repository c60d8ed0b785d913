// tailwind-merge's default configuration describes every utility Tailwind has (about
// 6 KB of the 8 KB it adds to each page, Brotli). Like Tailwind itself, the production
// build keeps only what the app's own source uses: this plugin scans apps/web/app for
// class names and replaces app/ui/class-merge-config.ts with the class groups that
// recognise at least one of them (order, conflicts and theme kept). Development and
// tests use the full configuration; class-merge-config.test.ts checks that the trimmed
// one merges every pair of the app's class names exactly as the full one does.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, createTailwindMerge, getDefaultConfig, validators } from 'tailwind-merge';
import type { Plugin } from 'vite';

type AnyConfig = Config<string, string>;

/** The module the plugin replaces (relative to the web app's root). */
export const CLASS_MERGE_CONFIG_MODULE = path.join('app', 'ui', 'class-merge-config.ts');

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const STRING_LITERAL = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * Every word inside a string literal of the app's source (class names among them; the
 * rest is harmless: only words some class group recognises count).
 */
export async function collectClassTokens(appDir: string): Promise<string[]> {
  const tokens = new Set<string>();
  for (const file of await sourceFiles(appDir)) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(STRING_LITERAL)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? '';
      for (const word of literal.split(/\s+/)) if (word) tokens.add(word);
    }
  }
  return [...tokens].sort();
}

function mergerOf(config: AnyConfig) {
  return createTailwindMerge(() => ({ ...config, cacheSize: 0 }));
}

type Definitions = AnyConfig['classGroups'][string];

const recognised = (merge: (classes: string) => string, token: string) => merge(`${token} ${token}`) === token;

/**
 * A group's definitions without the entries none of `tokens` needs: each string,
 * validator and theme getter, at any depth, is dropped when the group alone still
 * recognises every one of them without it.
 */
function pruneDefinitions(full: AnyConfig, group: string, definitions: Definitions, tokens: readonly string[]) {
  const recognisesAll = (candidate: Definitions) => {
    const merge = mergerOf({ ...full, classGroups: { [group]: candidate }, ...NO_CONFLICTS });
    return tokens.every((token) => recognised(merge, token));
  };
  const root = cloneDefinitions(definitions);
  const visit = (container: unknown[] | Record<string, unknown>) => {
    const keys = Array.isArray(container) ? [...container.keys()].reverse() : Object.keys(container);
    for (const key of keys) {
      const value = (container as Record<string | number, unknown>)[key];
      if (value && typeof value === 'object') {
        visit(value as unknown[] | Record<string, unknown>);
        const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
        if (!empty) continue;
      }
      const restore = remove(container, key);
      if (!recognisesAll(root)) restore();
    }
  };
  visit(root as unknown[]);
  return root;
}

const NO_CONFLICTS = { conflictingClassGroups: {}, conflictingClassGroupModifiers: {}, postfixLookupClassGroups: [] };

function cloneDefinitions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDefinitions) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneDefinitions(v)])) as T;
  }
  return value;
}

/** Removes container[key] in place; answers how to put it back. */
function remove(container: unknown[] | Record<string, unknown>, key: string | number): () => void {
  if (Array.isArray(container)) {
    const [value] = container.splice(Number(key), 1);
    return () => container.splice(Number(key), 0, value);
  }
  const value = container[key as string];
  delete container[key as string];
  return () => {
    container[key as string] = value;
  };
}

/**
 * The default configuration cut down to the class groups that recognise one of
 * `tokens`, each with only the entries those tokens need.
 */
export function trimClassMergeConfig(tokens: readonly string[]): AnyConfig {
  const full = getDefaultConfig() as unknown as AnyConfig;
  const fullMerge = mergerOf(full);
  // Arbitrary properties ([mask-type:luminance]) are recognised without any class group.
  const noGroups = mergerOf({ ...full, classGroups: {}, ...NO_CONFLICTS });
  const known = tokens.filter((token) => recognised(fullMerge, token) && !recognised(noGroups, token));
  const classGroups: Record<string, Definitions> = {};
  for (const [group, definitions] of Object.entries(full.classGroups)) {
    const alone = mergerOf({ ...full, classGroups: { [group]: definitions }, ...NO_CONFLICTS });
    const used = known.filter((token) => recognised(alone, token));
    if (used.length > 0) classGroups[group] = pruneDefinitions(full, group, definitions as Definitions, used);
  }
  const keep = new Set(Object.keys(classGroups));
  const themeKeys = new Set<string>();
  const collectThemeKeys = (value: unknown): void => {
    if (typeof value === 'function' && (value as { isThemeGetter?: boolean }).isThemeGetter) {
      themeKeys.add(themeKeyOf(value as (theme: Record<string, unknown>) => unknown));
    } else if (value && typeof value === 'object') {
      for (const member of Object.values(value)) collectThemeKeys(member);
    }
  };
  collectThemeKeys(classGroups);
  collectThemeKeys(Object.entries(full.theme).filter(([key]) => themeKeys.has(key)));
  const pick = <T>(record: Partial<Record<string, T>>) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group))) as Record<string, T>;
  const within = (groups: readonly string[] | undefined) => (groups ?? []).filter((group) => keep.has(group));
  return {
    ...full,
    theme: Object.fromEntries(Object.entries(full.theme).filter(([key]) => themeKeys.has(key))),
    classGroups: classGroups as AnyConfig['classGroups'],
    conflictingClassGroups: Object.fromEntries(
      Object.entries(pick(full.conflictingClassGroups)).map(([group, others]) => [group, within(others)]),
    ),
    conflictingClassGroupModifiers: Object.fromEntries(
      Object.entries(pick(full.conflictingClassGroupModifiers)).map(([group, others]) => [group, within(others)]),
    ),
    postfixLookupClassGroups: within(full.postfixLookupClassGroups as readonly string[] | undefined),
  };
}

const VALIDATOR_NAMES = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads (it keeps the key only in its closure). */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key: string | undefined;
  getter(
    new Proxy(
      {},
      {
        get(_target, property) {
          key = String(property);
          return [];
        },
      },
    ),
  );
  if (!key) throw new Error('trim-class-merge: a theme getter read no key');
  return key;
}

/** Source code for a value of the configuration: strings, validators, theme getters, arrays, objects. */
function renderValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value === 'function') {
    if ((value as { isThemeGetter?: boolean }).isThemeGetter) {
      return `fromTheme(${JSON.stringify(themeKeyOf(value as (theme: Record<string, unknown>) => unknown))})`;
    }
    const name = VALIDATOR_NAMES.get(value);
    if (!name)
      throw new Error(`trim-class-merge: a class group uses an unknown function (${value.name || 'anonymous'})`);
    return `validators.${name}`;
  }
  if (Array.isArray(value)) return `[${value.map(renderValue).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, member]) => `${JSON.stringify(key)}:${renderValue(member)}`)
      .join(',')}}`;
  }
  throw new Error(`trim-class-merge: cannot render ${String(value)}`);
}

/** The replacement module: `classMergeConfig()` answering the trimmed configuration. */
export function renderClassMergeConfig(config: AnyConfig): string {
  return [
    '// Generated at build time by vite-plugins/trim-class-merge.ts from the class names of apps/web/app.',
    "import { fromTheme, validators } from 'tailwind-merge';",
    `export function classMergeConfig() { return ${renderValue(config)}; }`,
    '',
  ].join('\n');
}

/** Vite plugin: in `vite build`, class-merge-config.ts becomes the trimmed configuration. */
export function trimClassMerge(): Plugin {
  let root = '';
  let code: Promise<string> | null = null;
  return {
    name: 'evcircle:trim-class-merge',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    load(id) {
      if (path.resolve(id.split('?')[0] ?? id) !== path.join(root, CLASS_MERGE_CONFIG_MODULE)) return null;
      code ??= collectClassTokens(path.join(root, 'app')).then((tokens) =>
        renderClassMergeConfig(trimClassMergeConfig(tokens)),
      );
      return code;
    },
  };
}
