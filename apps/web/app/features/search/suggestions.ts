import type { ProductSearchHit, UserSearchHit } from '@evcircle/contract/client';

/** Words offered under the input: the viewer's own searches, then the hot words. */
export type WordSuggestion = { kind: 'history' | 'hot'; word: string };

/** One option of the suggestion list, in the order shown. */
export type Suggestion =
  | WordSuggestion
  | { kind: 'user'; user: UserSearchHit }
  | { kind: 'product'; product: ProductSearchHit };

/** Words listed for typed text; with nothing typed, the recent and hot words listed. */
export const SUGGESTED_WORD_LIMIT = 6;
export const RECENT_WORD_LIMIT = 8;
/** People and products fetched for typed text (their searches' size). */
export const SUGGESTED_HIT_LIMIT = 3;

/** Case and spaces do not matter when a word is compared with what was typed. */
function fold(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/**
 * The history and hot words for `text`: those containing it (ignoring case and spaces),
 * the ones starting with it first, history before hot words, each word once, at most
 * `limit`. With nothing typed: the newest history words, then hot words, at most `limit`.
 */
export function matchWords(
  text: string,
  history: readonly string[],
  hot: readonly string[],
  limit = fold(text) ? SUGGESTED_WORD_LIMIT : RECENT_WORD_LIMIT,
): WordSuggestion[] {
  const typed = fold(text);
  const seen = new Set<string>();
  const pick = (kind: WordSuggestion['kind'], words: readonly string[]): WordSuggestion[] => {
    const found: WordSuggestion[] = [];
    for (const word of words) {
      const key = fold(word);
      if (!key || seen.has(key) || !key.includes(typed)) continue;
      seen.add(key);
      found.push({ kind, word });
    }
    // Stable: within a kind, words starting with the text come first, in their own order.
    return found.sort((a, b) => Number(!fold(a.word).startsWith(typed)) - Number(!fold(b.word).startsWith(typed)));
  };
  return [...pick('history', history), ...pick('hot', hot)].slice(0, limit);
}

/** Found people and products for a word: `word` is the text they answer, so late answers are told apart. */
export type SuggestedHits = { word: string; users: UserSearchHit[]; products: ProductSearchHit[] };

/**
 * Everything offered for `text`, in order: matching words, then the people and products
 * found for this very text (answers for an earlier text are left out, not shown stale).
 */
export function buildSuggestions(
  text: string,
  words: { history: readonly string[]; hot: readonly string[] },
  hits: SuggestedHits | null,
): Suggestion[] {
  const list: Suggestion[] = matchWords(text, words.history, words.hot);
  const typed = text.trim();
  if (typed && hits && hits.word === typed) {
    for (const user of hits.users.slice(0, SUGGESTED_HIT_LIMIT)) list.push({ kind: 'user', user });
    for (const product of hits.products.slice(0, SUGGESTED_HIT_LIMIT)) list.push({ kind: 'product', product });
  }
  return list;
}

/** The option after (`step` 1) or before (-1) `active` for ↓ / ↑, wrapping round; -1 is none. */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
