import type { PublicConfig } from '@evcircle/contract';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every server-rendered page. Scripts run only from this
 * origin or with the per-request nonce (React Router's hydration data, the colour-mode
 * script); the analytics origin is added when analytics is configured. Inline styles are
 * allowed because React sets style attributes (image aspect ratios, palette variables).
 */
export function htmlContentSecurityPolicy(
  nonce: string,
  config: Pick<PublicConfig, 'analytics' | 'imageBase'> & Partial<Pick<PublicConfig, 'video'>>,
  storage: { uploadOrigin?: string | null } = {},
): string {
  const analytics = config.analytics ? originOf(config.analytics.scriptUrl) : null;
  // Stored files served from another origin (STORAGE=s3: a bucket or CDN), and the
  // storage host browsers upload to directly.
  const files = originOf(config.imageBase);
  // The player: video-site embeds in frames; an ad tag's VAST, and its creatives and pixels,
  // which an ad network serves from hosts known only at run time (https:), when configured.
  const frames = [config.video?.youtubeOrigin, config.video?.bilibiliOrigin].map((url) => (url ? originOf(url) : null));
  const adTag = config.video?.adTagUrl ? originOf(config.video.adTagUrl) : null;
  const ads = adTag ? [adTag, 'https:'] : [];
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, analytics].filter(Boolean).join(' ');
  const connectSrc = ["'self'", 'ws:', 'wss:', analytics, storage.uploadOrigin ?? null, files, ...ads]
    .filter(Boolean)
    .join(' ');
  const imgSrc = ["'self'", 'data:', 'blob:', files, ...ads].filter(Boolean).join(' ');
  const mediaSrc = ["'self'", 'blob:', files, ...ads].filter(Boolean).join(' ');
  const frameSrc = ["'self'", ...frames].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc}`,
    `media-src ${mediaSrc}`,
    "font-src 'self' data:",
    `frame-src ${frameSrc}`,
    // hls.js transmuxes in a worker it starts from a blob: URL.
    "worker-src 'self' blob:",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
