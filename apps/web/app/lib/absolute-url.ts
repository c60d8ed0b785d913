import { resolveMediaUrl } from '@evcircle/contract/client';

/** An absolute address for crawlers and share cards: relative media gets the site origin. */
export function absoluteUrl(src: string, publicUrl: string, imageBase: string): string {
  const url = resolveMediaUrl(src, imageBase);
  if (!url || /^(https?:)?\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}
