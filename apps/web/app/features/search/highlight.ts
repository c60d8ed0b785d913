/**
 * A search answer's `highlight`: the matched text as HTML the server escaped character by
 * character, the matches wrapped in <em>…</em> and no other markup.
 */

/** One visible character (an escaped one counts once), or an <em> / </em> tag. */
const TOKEN = /<\/?em>|&(?:#\d+|#x[\da-f]+|[a-z]+);|[\s\S]/giu;

/**
 * The only markup a highlight may hold: <em> and </em>, and escapes for &, <, >, " and '.
 * Anything else (which the server never sends) is not rendered as HTML.
 */
export function isHighlightMarkup(html: string): boolean {
  return !/<(?!\/?em>)|>(?<!<\/?em>)/i.test(html) && !/&(?!(?:#\d+|#x[\da-f]+|[a-z]+);)/i.test(html);
}

/**
 * The highlight from a little before its first match, so a match deep in a long post shows
 * in a card's two lines: `lead` visible characters are kept before the match, and "…" says
 * where text was cut. Highlights with no match, or with it near the start, come back whole.
 * Cuts fall only between characters, never inside an escape or a tag.
 */
export function highlightSnippet(html: string, lead = 12): string {
  const tokens = html.match(TOKEN) ?? [];
  const firstMatch = tokens.findIndex((token) => token.toLowerCase() === '<em>');
  if (firstMatch <= lead) return html;
  let start = firstMatch - lead;
  // Whitespace at the cut would only push the text right.
  while (start < firstMatch && /^\s$/u.test(tokens[start] ?? '')) start++;
  return `…${tokens.slice(start).join('')}`;
}
