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
  config: Pick<PublicConfig, 'analytics' | 'imageBase'>,
  storage: { uploadOrigin?: string | null } = {},
): string {
  const analytics = config.analytics ? originOf(config.analytics.scriptUrl) : null;
  // Stored files served from another origin (STORAGE=s3: a bucket or CDN), and the
  // storage host browsers upload to directly.
  const files = originOf(config.imageBase);
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, analytics].filter(Boolean).join(' ');
  const connectSrc = ["'self'", 'ws:', 'wss:', analytics, storage.uploadOrigin ?? null].filter(Boolean).join(' ');
  const imgSrc = ["'self'", 'data:', 'blob:', files].filter(Boolean).join(' ');
  const mediaSrc = ["'self'", 'blob:', files].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc}`,
    `media-src ${mediaSrc}`,
    "font-src 'self' data:",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
