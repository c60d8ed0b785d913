import { formatMessage } from '@evcircle/contract/client';
import { POST_MESSAGES } from './messages.ts';

/** Longest title we derive from a post (search results cut around here). */
const TITLE_MAX = 30;
/** Longest description in meta tags. */
const DESCRIPTION_MAX = 120;
/** A first line up to this long shows as the post's heading; longer ones stay body text. */
const HEADING_MAX = 40;

function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

function firstLine(content: string): string {
  return (
    content
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** The post's title: its first non-empty line, clipped (a post has no separate title field). */
export function postTitle(content: string): string {
  return clip(firstLine(content), TITLE_MAX) || POST_MESSAGES.untitled;
}

/** The meta description: the whole text on one line, clipped; the author's name when there is no text. */
export function postDescription(content: string, authorName: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat ? clip(flat, DESCRIPTION_MAX) : formatMessage(POST_MESSAGES.descriptionFallback, { name: authorName });
}

/**
 * Splits the text for display: a short first line followed by more text becomes the
 * heading and the rest the body; otherwise everything is body (heading null).
 */
export function splitHeading(content: string): { heading: string | null; body: string } {
  const text = content.trim();
  const newline = text.search(/\r?\n/);
  if (newline < 0) return { heading: null, body: text };
  const head = text.slice(0, newline).trim();
  const body = text.slice(newline).trim();
  if (!head || !body || Array.from(head).length > HEADING_MAX) return { heading: null, body: text };
  return { heading: head, body };
}
