// Highlights what a search matched in a text: HTML-escaped text with the matched words
// in <em>. The text is escaped character by character, so user text never becomes markup.
import { MAX_QUERY_LENGTH, MAX_RUN_PINYIN_LENGTH, queryTerms } from './segment.ts';
import { hanWords, normalize, type Piece, pieces, pinyinForms, syllables } from './text.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function matches(form: string, term: string, prefix: boolean): boolean {
  return form === term || (prefix && form.startsWith(term));
}

function allIndexesOf(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** Marks a Chinese query run: where it occurs whole, else where its bigrams occur. */
function markHan(normalized: string, run: string, mark: (start: number, end: number) => void): void {
  const whole = allIndexesOf(normalized, run);
  const chars = Array.from(run);
  const needles = whole.length > 0 || chars.length <= 2 ? [run] : chars.slice(1).map((c, i) => chars[i]! + c);
  for (const needle of needles) for (const at of allIndexesOf(normalized, needle)) mark(at, at + needle.length);
}

/** Marks the Chinese words of a run whose pinyin or initials match a Latin term. */
function markPinyin(run: Piece, term: string, prefix: boolean, mark: (start: number, end: number) => void): void {
  for (const word of new Set(hanWords(run.text))) {
    const { full, initials } = pinyinForms(word);
    if (!matches(full, term, prefix) && !(word.length > 1 && matches(initials, term, prefix))) continue;
    for (const at of allIndexesOf(run.text, word)) mark(run.start + at, run.start + at + word.length);
  }
  const chars = Array.from(run.text);
  if (chars.length < 2 || chars.length > MAX_RUN_PINYIN_LENGTH) return;
  // The whole run read as one word (xiaomingtongxue), or its first characters while typing.
  const parts = syllables(run.text);
  const full = parts.join('');
  const initials = parts.map((s) => s[0] ?? '').join('');
  let count = 0;
  if (matches(full, term, prefix)) {
    for (let covered = 0; count < parts.length && covered < term.length; count++) covered += parts[count]!.length;
  } else if (matches(initials, term, prefix)) {
    count = term.length;
  }
  if (count > 0) mark(run.start, run.start + chars.slice(0, count).join('').length);
}

/** Marks a Latin term in the text's Latin words: whole words, letter/digit parts, "model y" joins. */
function markLatin(found: Piece[], term: string, prefix: boolean, mark: (start: number, end: number) => void): void {
  found.forEach((piece, i) => {
    if (piece.kind !== 'latin') return;
    if (matches(piece.text, term, prefix)) {
      mark(piece.start, piece.end);
    } else {
      for (const part of piece.text.matchAll(/[a-z]+|[0-9]+/g)) {
        if (part[0].length < piece.text.length && matches(part[0], term, prefix)) {
          mark(piece.start + part.index, piece.start + part.index + part[0].length);
        }
      }
    }
    const next = found[i + 1];
    if (next?.kind === 'latin' && piece.text + next.text === term) mark(piece.start, next.end);
  });
}

/** `text` as HTML with the words `query` matched wrapped in <em> (case-insensitive, pinyin too). */
export function highlight(text: string, query: string): string {
  const marked = new Array<boolean>(text.length).fill(false);
  const mark = (start: number, end: number) => marked.fill(true, start, end);
  const found = pieces(text);
  const lowered = normalize(text);
  for (const piece of pieces(query.slice(0, MAX_QUERY_LENGTH))) {
    if (piece.kind === 'han') markHan(lowered, piece.text, mark);
  }
  for (const term of queryTerms(query)) {
    if (!/^[a-z0-9]+$/.test(term.text)) continue;
    markLatin(found, term.text, term.prefix, mark);
    if (/^[a-z]+$/.test(term.text)) {
      for (const run of found) if (run.kind === 'han') markPinyin(run, term.text, term.prefix, mark);
    }
  }
  let html = '';
  for (let i = 0; i < text.length; ) {
    let j = i + 1;
    while (j < text.length && marked[j] === marked[i]) j++;
    const chunk = escapeHtml(text.slice(i, j));
    html += marked[i] ? `<em>${chunk}</em>` : chunk;
    i = j;
  }
  return html;
}
