// The text of the files crawlers read: sitemap files and the sitemap index in the
// sitemaps.org 0.9 protocol, and robots.txt. No database here: the service hands in rows.

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and attribute values (the protocol asks every URL escaped so). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** A W3C datetime in UTC to the second (2026-11-25T08:30:00Z), as `<lastmod>` and the contract write it. */
export function w3cDatetime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** One location of a sitemap file or index, with its lastmod when known. */
export type SitemapEntry = { loc: string; lastmod?: Date | null };

function entry(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): string {
  const time = lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${time}</${tag}>\n`;
}

/** `<url>` entries of a sitemap file; pieces of one file are joined by urlsetXml. */
export function urlEntries(entries: readonly SitemapEntry[]): string {
  return entries.map((e) => entry('url', e)).join('');
}

/** A sitemap file around `<url>` entries already made by urlEntries. */
export function urlsetXml(urlEntryText: readonly string[]): string {
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NS}">\n${urlEntryText.join('')}</urlset>\n`;
}

/** A sitemap index naming sitemap files. */
export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  const body = entries.map((e) => entry('sitemap', e)).join('');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${body}</sitemapindex>\n`;
}

/**
 * robots.txt: every crawler may read the site but the `disallow` prefixes, and is told
 * where the sitemap index is (an absolute URL, as the protocol requires).
 */
export function robotsTxt(publicUrl: string, disallow: readonly string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
