// Reading server-rendered HTML in request-level checks (titles, meta tags).

/** The content of a meta tag in server HTML. */
export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1] ?? null;
}

/** Text with React's HTML escapes undone (&amp; &quot; &#x27;). */
export function decode(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** `text` matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
