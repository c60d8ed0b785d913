import { CLIENT_VERSION, collectSignParams, computeSign, PLATFORM } from '@evcircle/contract';

/**
 * A signed URL built by hand, for tests that must send what the contract client never
 * would (a tampered body, a stale timestamp, a wrong sign).
 */
export function signedUrl(
  path: string,
  secret: string,
  options: { query?: Record<string, string>; body?: Record<string, string>; timestamp?: number } = {},
): string {
  const query: Record<string, string> = {
    appV: CLIENT_VERSION,
    bId: PLATFORM,
    timestamp: String(options.timestamp ?? Date.now()),
    ...options.query,
  };
  const sign = computeSign(collectSignParams(query, options.body ?? null), secret);
  return `${path}?${new URLSearchParams({ ...query, sign }).toString()}`;
}
