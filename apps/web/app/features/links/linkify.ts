import { MAX_LINK_LENGTH } from './link-guard.ts';

/** A run of user text: plain, or an http(s) address to draw as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; url: string };

// An address is ASCII: Chinese text (CJK punctuation ，。） included) written straight
// after it ends it, as people paste links into sentences without spaces. A non-ASCII
// path or host is linked up to its first non-ASCII character.
const CANDIDATE = /https?:\/\/[!#$%&'()*+,\-./0-9:;=?@A-Z[\]_a-z~]+/gi;
// Punctuation closing a sentence around an address is not part of it.
const TRAILING = /[.,;:!?'*]+$/;

/** Drops trailing punctuation and closing brackets that were not opened inside the address. */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING, '');
    const last = trimmed.at(-1);
    const pair = last === ')' ? '(' : last === ']' ? '[' : null;
    if (pair && count(trimmed, pair) < count(trimmed, last as string)) {
      url = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

function isLinkable(url: string): boolean {
  if (url.length > MAX_LINK_LENGTH) return false;
  try {
    return new URL(url).hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Splits user text (posts, comments, chat) into plain runs and http(s) links: only http
 * and https, never longer than MAX_LINK_LENGTH, without the sentence's punctuation around it.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const url = trimEnd(match[0]);
    if (!isLinkable(url)) continue;
    const start = match.index;
    if (start > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, start) });
    parts.push({ kind: 'link', text: url, url });
    plainFrom = start + url.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
