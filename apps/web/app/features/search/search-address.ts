import { SEARCH_WORD_MAX_LENGTH } from '@evcircle/contract/client';

/** What /search lists for its word: posts, people or products (`type` in the address). */
export const SEARCH_TYPES = ['post', 'user', 'product'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type SearchAddress = { word: string; type: SearchType };

/**
 * A word as it is searched for: trimmed, cut to SEARCH_WORD_MAX_LENGTH UTF-16 units (the
 * server's measure) without splitting a character ('' = none).
 */
export function normalizeSearchWord(raw: string): string {
  let word = '';
  for (const char of raw.trim()) {
    if (word.length + char.length > SEARCH_WORD_MAX_LENGTH) break;
    word += char;
  }
  return word.trim();
}

function isSearchType(value: string | null): value is SearchType {
  return (SEARCH_TYPES as readonly (string | null)[]).includes(value);
}

/** The word and tab of /search?word=…&type=… (type post when missing or unknown). */
export function readSearchAddress(search: URLSearchParams): SearchAddress {
  const type = search.get('type');
  return { word: normalizeSearchWord(search.get('word') ?? ''), type: isSearchType(type) ? type : 'post' };
}

/** /search?word=…&type=… for a word and tab; plain /search without a word. */
export function searchHref({ word, type }: SearchAddress): string {
  const normalized = normalizeSearchWord(word);
  if (!normalized) return '/search';
  return `/search?${new URLSearchParams({ word: normalized, type }).toString()}`;
}

/** The id of the search page's input (one a page), so the site's search entry can put the cursor there. */
export const SEARCH_INPUT_ID = 'search-word';

/**
 * The history state of a link to /search that should put the cursor in the search input
 * (the header's search entry): the page focuses it when it arrives with this state.
 */
export const FOCUS_SEARCH_STATE = { focusSearch: true } as const;

/** Whether a location's state asks for the search input to be focused. */
export function asksForSearchFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusSearch?: unknown }).focusSearch === true;
}
