import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  ICON_COLLECTIONS,
  ICON_MAX_NAMES_PER_REQUEST,
  ICON_NAME_MAX_LENGTH,
  ICON_NAME_PATTERN,
  type IconCollection,
} from '@evcircle/contract';
import type { IconifyAlias, IconifyIcon, IconifyJSON } from '@iconify/types';

/** What GET /api/icons/{collection}.json answers: the Iconify API's own format. */
export type IconsAnswer = {
  prefix: string;
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyAlias>;
  width?: number;
  height?: number;
  lastModified?: number;
  not_found?: string[];
};

const require = createRequire(import.meta.url);

/** The sets, read once each on first use and kept (mdi is 3 MB of JSON, read in ~30 ms). */
const loaded = new Map<IconCollection, Promise<IconifyJSON>>();

function isCollection(name: string): name is IconCollection {
  return (ICON_COLLECTIONS as readonly string[]).includes(name);
}

/** The set `@iconify-json/<prefix>` installs, parsed; a failed read is tried again next time. */
function iconSet(prefix: IconCollection): Promise<IconifyJSON> {
  let set = loaded.get(prefix);
  if (!set) {
    set = readFile(require.resolve(`@iconify-json/${prefix}/icons.json`), 'utf8').then(
      (text) => JSON.parse(text) as IconifyJSON,
    );
    set.catch(() => loaded.delete(prefix));
    loaded.set(prefix, set);
  }
  return set;
}

/**
 * The names of an `icons` query (`a,b,c`), or null when the query cannot be answered:
 * not one text, empty, more than ICON_MAX_NAMES_PER_REQUEST names, or a name that is not
 * an Iconify name (`../x`, NUL, upper case, too long). Duplicates are asked once.
 */
export function parseIconsQuery(icons: unknown): string[] | null {
  if (typeof icons !== 'string' || icons === '') return null;
  // NOTE: measured before splitting, so a 10,000-name query costs no array of 10,000.
  if (icons.length > ICON_MAX_NAMES_PER_REQUEST * (ICON_NAME_MAX_LENGTH + 1)) return null;
  const names = icons.split(',');
  if (names.length > ICON_MAX_NAMES_PER_REQUEST) return null;
  for (const name of names) {
    if (name.length > ICON_NAME_MAX_LENGTH || !ICON_NAME_PATTERN.test(name)) return null;
  }
  return [...new Set(names)];
}

/** `mdi.json` → 'mdi' when it is a set we hold; null for anything else. */
export function parseCollectionFile(file: string): IconCollection | null {
  if (!file.endsWith('.json')) return null;
  const prefix = file.slice(0, -'.json'.length);
  return isCollection(prefix) ? prefix : null;
}

/**
 * The icons of `names` from one set we hold, as the Iconify API answers them (pickIcons);
 * null for a set we do not hold.
 */
export async function iconsFor(collection: string, names: readonly string[]): Promise<IconsAnswer | null> {
  if (!isCollection(collection)) return null;
  return pickIcons(await iconSet(collection), names);
}

/**
 * Each icon of `names` found in `set`, each alias asked for with its chain of parent
 * aliases and the icon it ends at (so the client resolves it as Iconify does), the set's
 * default size, and `not_found` for the rest.
 */
export function pickIcons(set: IconifyJSON, names: readonly string[]): IconsAnswer {
  const icons: Record<string, IconifyIcon> = {};
  const aliases: Record<string, IconifyAlias> = {};
  const notFound: string[] = [];
  for (const name of names) {
    if (!addIcon(set, name, icons, aliases)) notFound.push(name);
  }
  const answer: IconsAnswer = { prefix: set.prefix, icons };
  if (Object.keys(aliases).length > 0) answer.aliases = aliases;
  if (set.width !== undefined) answer.width = set.width;
  if (set.height !== undefined) answer.height = set.height;
  if (set.lastModified !== undefined) answer.lastModified = set.lastModified;
  if (notFound.length > 0) answer.not_found = notFound;
  return answer;
}

/** Adds `name` (an icon, or an alias and what it points to) to the answer; false when it is neither. */
function addIcon(
  set: IconifyJSON,
  name: string,
  icons: Record<string, IconifyIcon>,
  aliases: Record<string, IconifyAlias>,
): boolean {
  const chain: [string, IconifyAlias][] = [];
  let current = name;
  // A chain longer than the set's aliases loops (a broken set): give up on it.
  const maxDepth = Object.keys(set.aliases ?? {}).length + 1;
  while (chain.length <= maxDepth) {
    const icon = Object.hasOwn(set.icons, current) ? set.icons[current] : undefined;
    if (icon) {
      icons[current] = icon;
      for (const [aliasName, alias] of chain) aliases[aliasName] = alias;
      return true;
    }
    const alias = set.aliases && Object.hasOwn(set.aliases, current) ? set.aliases[current] : undefined;
    if (!alias) return false;
    chain.push([current, alias]);
    current = alias.parent;
  }
  return false;
}
