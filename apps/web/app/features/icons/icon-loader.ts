import { ICON_API_PATH, ICON_FETCH_TIMEOUT_MS, ICON_MAX_URL_LENGTH, parseIconName } from '@evcircle/contract/client';

// Icons picked by name at run time, fetched from this site's Iconify-compatible endpoint
// (docs/decisions/0026-icons.md). Loaded lazily by NamedIcon, never in a page's first load.
// NOTE: it calls fetch itself: the icon endpoint answers Iconify's format, not the envelope
// the API client reads.

/** An icon ready to draw: the SVG's inner markup and its view box. */
export type IconData = { body: string; left: number; top: number; width: number; height: number };

type IconJson = { body?: unknown; left?: unknown; top?: unknown; width?: unknown; height?: unknown };
type IconsAnswer = {
  prefix?: unknown;
  icons?: Record<string, IconJson>;
  aliases?: Record<string, IconJson & { parent?: unknown }>;
  width?: unknown;
  height?: unknown;
};

/** Every name asked for (`mdi:car-battery`): its icon, or null when it is not there. */
const cache = new Map<string, Promise<IconData | null>>();
/** Names waiting for the next batch, by set: all asked in one turn go in as few requests as fit. */
const waiting = new Map<string, Map<string, (icon: IconData | null) => void>>();
let isFlushScheduled = false;

/**
 * The requests that ask `base/{prefix}.json` for `names`, split so that no URL is longer
 * than `maxLength` characters (SPEC.md §9); names are joined with a bare comma (an Iconify
 * name needs no escaping). A single name too long for any URL is asked alone.
 */
export function iconQueries(
  base: string,
  prefix: string,
  names: readonly string[],
  maxLength = ICON_MAX_URL_LENGTH,
): { url: string; names: string[] }[] {
  const head = `${base}/${prefix}.json?icons=`;
  const queries: { url: string; names: string[] }[] = [];
  let group: string[] = [];
  let length = head.length;
  for (const name of names) {
    if (group.length > 0 && length + 1 + name.length > maxLength) {
      queries.push({ url: head + group.join(','), names: group });
      group = [];
      length = head.length;
    }
    length += (group.length > 0 ? 1 : 0) + name.length;
    group.push(name);
  }
  if (group.length > 0) queries.push({ url: head + group.join(','), names: group });
  return queries;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * `name` out of an Iconify answer: the icon itself, or an alias followed to its icon (the
 * alias's own size and offset win over its parent's, as in Iconify); null when absent.
 * Transformations of aliases (flips, rotation) are not drawn: no set we hold uses them.
 */
export function iconFromAnswer(answer: IconsAnswer, name: string): IconData | null {
  const icons = answer.icons ?? {};
  const aliases = answer.aliases ?? {};
  const chain: IconJson[] = [];
  let current = name;
  for (let depth = 0; depth <= Object.keys(aliases).length; depth++) {
    const icon = Object.hasOwn(icons, current) ? icons[current] : undefined;
    if (icon && typeof icon.body === 'string') {
      const merged = Object.assign({}, icon, ...chain.reverse()) as IconJson;
      return {
        body: icon.body,
        left: numberOr(merged.left, 0),
        top: numberOr(merged.top, 0),
        width: numberOr(merged.width, numberOr(answer.width, 16)),
        height: numberOr(merged.height, numberOr(answer.height, 16)),
      };
    }
    const alias = Object.hasOwn(aliases, current) ? aliases[current] : undefined;
    if (!alias || typeof alias.parent !== 'string') return null;
    const { parent, ...own } = alias;
    chain.push(own);
    current = parent;
  }
  return null;
}

function warn(name: string, reason: string): void {
  console.warn(`[icons] ${name}: ${reason}`);
}

/** One request: answers each of `names` (an icon or null); a request that fails answers null to all. */
async function fetchIcons(url: string, prefix: string, names: Map<string, (icon: IconData | null) => void>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ICON_FETCH_TIMEOUT_MS);
  let answer: IconsAnswer | null = null;
  let problem = '';
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'omit' });
    if (!response.ok) problem = `HTTP ${response.status}`;
    else {
      const body = (await response.json()) as unknown;
      if (body && typeof body === 'object' && (body as IconsAnswer).prefix === prefix) answer = body as IconsAnswer;
      else problem = 'not an icon set';
    }
  } catch (error) {
    problem = controller.signal.aborted ? `no answer in ${ICON_FETCH_TIMEOUT_MS} ms` : String(error);
  } finally {
    clearTimeout(timer);
  }
  for (const [name, resolve] of names) {
    const fullName = `${prefix}:${name}`;
    const icon = answer ? iconFromAnswer(answer, name) : null;
    if (!icon) {
      warn(fullName, problem || 'not found');
      // A failed request may succeed later; a name the set lacks will not.
      if (!answer) cache.delete(fullName);
    }
    resolve(icon);
  }
}

function flush(): void {
  isFlushScheduled = false;
  const base = `${window.location.origin}${ICON_API_PATH}`;
  const batches = [...waiting];
  waiting.clear();
  for (const [prefix, names] of batches) {
    for (const query of iconQueries(base, prefix, [...names.keys()])) {
      void fetchIcons(query.url, prefix, new Map(query.names.map((name) => [name, names.get(name) ?? (() => {})])));
    }
  }
}

/**
 * The icon named `mdi:car-battery`, or null (with a console warning, SPEC.md §8) when the
 * name is not one, the set lacks it, or the request fails or takes longer than
 * ICON_FETCH_TIMEOUT_MS. Names asked in the same turn share requests.
 */
export function loadIcon(fullName: string): Promise<IconData | null> {
  const known = cache.get(fullName);
  if (known) return known;
  const parsed = parseIconName(fullName);
  if (!parsed) {
    warn(fullName, 'not an icon name');
    const missing = Promise.resolve(null);
    cache.set(fullName, missing);
    return missing;
  }
  const promise = new Promise<IconData | null>((resolve) => {
    const names = waiting.get(parsed.prefix) ?? new Map<string, (icon: IconData | null) => void>();
    names.set(parsed.name, resolve);
    waiting.set(parsed.prefix, names);
  });
  cache.set(fullName, promise);
  if (!isFlushScheduled) {
    isFlushScheduled = true;
    setTimeout(flush, 0);
  }
  return promise;
}
