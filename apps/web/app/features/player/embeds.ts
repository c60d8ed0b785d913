/** A video on a video site that our player frame can embed. */
export type VideoEmbed = { site: 'youtube'; id: string; url: string } | { site: 'bilibili'; id: string; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const BILIBILI_BVID = /^BV[0-9A-Za-z]{10}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const BILIBILI_HOSTS = new Set(['bilibili.com', 'www.bilibili.com', 'm.bilibili.com']);
/** http(s) links in free text, up to whitespace or closing punctuation (also full-width). */
const LINK = /https?:\/\/[^\s<>"'，。！？、）)\]】]+/gi;

/** The embeddable video a link points to, or null (YouTube watch / youtu.be / shorts, Bilibili BV). */
export function parseVideoEmbed(link: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') id = parts[1];
    return id && YOUTUBE_ID.test(id) ? { site: 'youtube', id, url: link } : null;
  }
  if (host === 'youtu.be') {
    id = parts[0];
    return id && YOUTUBE_ID.test(id) ? { site: 'youtube', id, url: link } : null;
  }
  if (BILIBILI_HOSTS.has(host) && parts[0] === 'video') {
    id = parts[1];
    return id && BILIBILI_BVID.test(id) ? { site: 'bilibili', id, url: link } : null;
  }
  return null;
}

/** The first embeddable video linked in a post's text, or null. */
export function findVideoEmbed(text: string): VideoEmbed | null {
  for (const match of text.matchAll(LINK)) {
    const embed = parseVideoEmbed(match[0]);
    if (embed) return embed;
  }
  return null;
}

/** The embed page of a YouTube video at `origin` (youtube-nocookie by default), with the JS API on. */
export function youtubeEmbedUrl(origin: string, id: string, pageOrigin: string): string {
  const url = new URL(`/embed/${encodeURIComponent(id)}`, origin);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('playsinline', '1');
  url.searchParams.set('rel', '0');
  url.searchParams.set('hl', 'zh-CN');
  url.searchParams.set('origin', pageOrigin);
  return url.toString();
}

/** player.bilibili.com's embed page of a BV video at `origin`. */
export function bilibiliEmbedUrl(origin: string, bvid: string): string {
  const url = new URL('/player.html', origin);
  url.searchParams.set('bvid', bvid);
  url.searchParams.set('autoplay', '0');
  url.searchParams.set('high_quality', '1');
  return url.toString();
}
