// The title and icon of a page a person wants to bookmark (issue 20, SPEC.md §7
// bookmark/meta), fetched through the guarded platform fetch: only HTML, at most 1 MB,
// decoded in the charset the page declares (GBK, GB2312, Big5 and Shift_JIS pages are
// common among the sites owners save), read with an HTML parser. Failures become the
// contract's BOOKMARK_… errors and never carry what the page said.
import { TextDecoder } from 'node:util';
import { AppError, BOOKMARK_TITLE_MAX_LENGTH, type ErrorCode } from '@evcircle/contract';
import { Parser } from 'htmlparser2';
import { type FetchPolicy, SafeFetchError, type SafeFetchErrorCode, safeGet } from '../../platform/safe-fetch/index.ts';
import { fetchPageIcon, type IconLink, isIconRel, type PageIcon } from './icon.ts';

export type { PageIcon } from './icon.ts';

export type PageMeta = {
  /** The URL that answered, after redirects. */
  url: string;
  /** og:title, else <title>; '' when the page has neither. */
  title: string;
  icon: PageIcon | null;
};

/** A page larger than this is not read (issue 20). */
export const PAGE_MAX_BYTES = 1024 * 1024;
/** How far into the page a <meta charset> is looked for. */
const CHARSET_SNIFF_BYTES = 4096;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const ERROR_OF: Record<SafeFetchErrorCode, ErrorCode> = {
  ADDRESS_REFUSED: 'BOOKMARK_ADDRESS_REFUSED',
  HOST_REFUSED: 'BOOKMARK_DOMAIN_BLOCKED',
  UNREACHABLE: 'BOOKMARK_PAGE_UNREACHABLE',
  TOO_MANY_REDIRECTS: 'BOOKMARK_TOO_MANY_REDIRECTS',
  TOO_LARGE: 'BOOKMARK_PAGE_TOO_LARGE',
  WRONG_TYPE: 'BOOKMARK_NOT_HTML',
};

/**
 * Fetches `url` under `policy` (fetchPolicyFromConfig plus the caller's refuseHost) and
 * answers its final URL, title and icon. The icon is fetched under the same policy; an
 * icon that cannot be had is null, never an error. Throws AppError BOOKMARK_ADDRESS_REFUSED,
 * BOOKMARK_DOMAIN_BLOCKED, BOOKMARK_PAGE_UNREACHABLE, BOOKMARK_TOO_MANY_REDIRECTS,
 * BOOKMARK_PAGE_TOO_LARGE or BOOKMARK_NOT_HTML.
 */
export async function fetchPageMeta(url: string, policy: FetchPolicy): Promise<PageMeta> {
  let page: Awaited<ReturnType<typeof safeGet>>;
  try {
    page = await safeGet(url, policy, {
      maxBytes: PAGE_MAX_BYTES,
      accept: (type) => HTML_TYPES.has(type),
      acceptHeader: 'text/html,application/xhtml+xml;q=0.9',
    });
  } catch (err) {
    if (err instanceof SafeFetchError) throw new AppError(ERROR_OF[err.code]);
    throw err;
  }
  const html = decodeHtml(page.body, page.contentType);
  const head = readHead(html);
  const baseUrl = resolveBase(head.baseHref, page.finalUrl);
  const icon = await fetchPageIcon(head.icons, baseUrl, page.finalUrl, policy);
  return { url: page.finalUrl, title: cleanTitle(head.ogTitle || head.title), icon };
}

/** The charset a Content-Type value names (`text/html; charset="gbk"` → gbk), '' when none. */
function charsetParam(contentType: string): string {
  return /;\s*charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? '';
}

/** The decoder for a charset label, null when the label is unknown. GBK and GB2312 are read as GB18030, their superset. */
function decoderFor(label: string): TextDecoder | null {
  const name = label.trim().toLowerCase();
  if (name === '') return null;
  try {
    const decoder = new TextDecoder(name);
    // NOTE: Node's ICU "gbk" misses GB18030's four-byte sequences; the WHATWG gbk decoder is GB18030's.
    return decoder.encoding === 'gbk' ? new TextDecoder('gb18030') : decoder;
  } catch {
    return null;
  }
}

/** The charset a <meta charset> or <meta http-equiv="content-type"> in the first bytes declares, '' when none. */
function sniffMetaCharset(body: Buffer): string {
  let found = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found !== '' || name !== 'meta') return;
        if (attributes.charset) found = attributes.charset.trim().toLowerCase();
        else if (attributes['http-equiv']?.trim().toLowerCase() === 'content-type') {
          found = charsetParam(`;${attributes.content ?? ''}`);
        }
      },
    },
    { decodeEntities: true },
  );
  // Latin-1 keeps every byte as one character, so ASCII markup reads right whatever the charset.
  parser.end(body.subarray(0, CHARSET_SNIFF_BYTES).toString('latin1'));
  return found;
}

/**
 * The page's text: a byte-order mark decides first, then the Content-Type charset, then
 * a <meta> declaration near the top, else UTF-8. Undecodable bytes become U+FFFD.
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body);
  const declared = decoderFor(charsetParam(contentType));
  if (declared) return declared.decode(body);
  let sniffed = decoderFor(sniffMetaCharset(body));
  // A <meta> read in ASCII cannot truly declare UTF-16 (HTML: it means UTF-8).
  if (sniffed?.encoding.startsWith('utf-16')) sniffed = null;
  return (sniffed ?? new TextDecoder('utf-8')).decode(body);
}

type PageHead = { title: string; ogTitle: string; baseHref: string; icons: IconLink[] };

/** What the page says about itself: its <title>, og:title, <base href> and icon links. */
export function readHead(html: string): PageHead {
  const head: PageHead = { title: '', ogTitle: '', baseHref: '', icons: [] };
  let inTitle = false;
  let hasTitle = false;
  let svgDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth += 1;
        else if (name === 'title' && svgDepth === 0 && !hasTitle) inTitle = true;
        else if (name === 'base' && head.baseHref === '' && attributes.href) head.baseHref = attributes.href;
        else if (name === 'meta' && head.ogTitle === '') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          if (key === 'og:title') head.ogTitle = attributes.content ?? '';
        } else if (name === 'link' && attributes.href && isIconRel(attributes.rel ?? '')) {
          head.icons.push({
            href: attributes.href,
            rel: attributes.rel ?? '',
            type: attributes.type ?? '',
            sizes: attributes.sizes ?? '',
          });
        }
      },
      ontext(text) {
        if (inTitle) head.title += text;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth -= 1;
        else if (name === 'title' && inTitle) {
          inTitle = false;
          hasTitle = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return head;
}

/** The base icons resolve against: <base href> (http or https only) against the final URL, else the final URL. */
function resolveBase(baseHref: string, finalUrl: string): string {
  if (baseHref.trim() === '') return finalUrl;
  try {
    const base = new URL(baseHref.trim(), finalUrl);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base.href : finalUrl;
  } catch {
    return finalUrl;
  }
}

/**
 * A title fit to keep: control characters and runs of white space become one space,
 * trimmed, and cut to BOOKMARK_TITLE_MAX_LENGTH (UTF-16 units, never inside a character).
 */
export function cleanTitle(raw: string): string {
  const text = raw
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= BOOKMARK_TITLE_MAX_LENGTH) return text;
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > BOOKMARK_TITLE_MAX_LENGTH) break;
    cut += char;
  }
  return cut.trimEnd();
}
