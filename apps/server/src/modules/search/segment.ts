// Index terms of a text and query terms of a search, for a 'simple' tsvector.
//
// A Chinese text is indexed as jieba's search-mode words, every single character and
// every character bigram, so a query of one or two characters still matches (海豹 in
// 比亚迪海豹). Words also get their pinyin (特斯拉 → tesila) and initials (tsl), and Latin
// words are lower-cased (Model Y → model, y, and the join modely).
import { hanWords, initialOf, MAX_WORD_LENGTH, type Piece, pieces, pinyinForms, syllables } from './text.ts';

/** Only the first this many characters of a text are indexed. */
export const MAX_INDEX_TEXT_LENGTH = 10_000;
/** At most this many distinct terms per text (in text order): a tsvector stays well under 1 MB. */
export const MAX_INDEX_TERMS = 8_000;
/** A Chinese run up to this long is also indexed as one pinyin word (小明同学 → xiaomingtongxue, xmtx). */
export const MAX_RUN_PINYIN_LENGTH = 8;
/** Only the first this many characters of a query are read. */
export const MAX_QUERY_LENGTH = 100;
/** At most this many terms per query, all of which must match. */
export const MAX_QUERY_TERMS = 16;

/** A term every match must contain; `prefix` also accepts longer words (typing as you go). */
export type QueryTerm = { text: string; prefix: boolean };

/** A word made of letters and digits is also indexed by its parts: su7 → su, 7. */
function latinParts(word: string): string[] {
  const parts = word.match(/[a-z]+|[0-9]+/g) ?? [];
  return parts.length > 1 ? parts : [];
}

function hanTerms(run: string, add: (term: string) => void): void {
  for (const word of hanWords(run)) {
    add(word);
    const { full, initials } = pinyinForms(word);
    add(full);
    // A lone character's initial (one letter) would match far too much (counted in code points: 𠀀 is one).
    if (Array.from(word).length > 1) add(initials);
  }
  if (run.length > 1 && run.length <= MAX_RUN_PINYIN_LENGTH) {
    const parts = syllables(run);
    add(parts.join(''));
    add(parts.map(initialOf).join(''));
  }
  const chars = Array.from(run);
  for (let i = 0; i < chars.length; i++) {
    add(chars[i]!);
    if (i + 1 < chars.length) add(chars[i]! + chars[i + 1]!);
  }
}

/** The terms a text is found by (lower case, distinct, capped; see the limits above). */
export function indexTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const considered = text.slice(0, MAX_INDEX_TEXT_LENGTH);
  const terms = new Set<string>();
  const add = (term: string) => {
    if (term && term.length <= MAX_WORD_LENGTH && terms.size < MAX_INDEX_TERMS) terms.add(term);
  };
  const found = pieces(considered);
  found.forEach((piece, i) => {
    if (piece.kind === 'han') {
      hanTerms(piece.text, add);
      return;
    }
    add(piece.text);
    for (const part of latinParts(piece.text)) add(part);
    // "Model Y", "Model 3": also the joined spelling people type (modely).
    const next: Piece | undefined = found[i + 1];
    if (next?.kind === 'latin' && next.text.length <= 3 && /^\s+$/.test(considered.slice(piece.end, next.start))) {
      add(piece.text + next.text);
    }
  });
  return [...terms];
}

/**
 * The terms of a search, all of which must match. A Chinese run of one or two characters
 * is itself a term (a character or a bigram); a longer one needs each of its bigrams.
 * A Latin word is one term: the index holds Latin words, pinyin and initials alike. The
 * last word is a prefix when the query ends with it (not with a space).
 */
export function queryTerms(query: string | null | undefined): QueryTerm[] {
  if (!query) return [];
  const considered = query.slice(0, MAX_QUERY_LENGTH);
  const found = pieces(considered);
  const last = found.at(-1);
  const terms = new Map<string, QueryTerm>();
  const add = (text: string, prefix = false) => {
    if (!terms.has(text)) terms.set(text, { text, prefix });
  };
  for (const piece of found) {
    if (piece.kind === 'latin') {
      add(piece.text, piece === last && piece.end === considered.length);
      continue;
    }
    const chars = Array.from(piece.text);
    if (chars.length <= 2) add(piece.text);
    else for (let i = 0; i + 1 < chars.length; i++) add(chars[i]! + chars[i + 1]!);
  }
  return [...terms.values()].slice(0, MAX_QUERY_TERMS);
}
