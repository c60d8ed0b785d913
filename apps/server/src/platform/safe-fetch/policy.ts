// The fetch policy of this deployment, from its configuration (BOOKMARK_FETCH_PORTS,
// BOOKMARK_FETCH_ALLOW_LOOPBACK, PUBLIC_URL for the User-Agent).
import type { Config } from '../config.ts';
import type { FetchPolicy } from './safe-get.ts';

/** Redirects one fetch follows at most (issue 20). */
export const FETCH_MAX_REDIRECTS = 5;
/** The whole fetch — every hop and the body — within this time (issue 20). */
export const FETCH_TIMEOUT_MS = 5000;

/**
 * The policy for fetching user-named URLs. A caller adds its own `refuseHost` (a domain
 * blocklist) with a spread: `{ ...fetchPolicyFromConfig(config), refuseHost }`.
 */
export function fetchPolicyFromConfig(
  config: Pick<Config, 'BOOKMARK_FETCH_PORTS' | 'BOOKMARK_FETCH_ALLOW_LOOPBACK' | 'PUBLIC_URL'>,
): FetchPolicy {
  return {
    allowedPorts: config.BOOKMARK_FETCH_PORTS,
    allowLoopback: config.BOOKMARK_FETCH_ALLOW_LOOPBACK,
    maxRedirects: FETCH_MAX_REDIRECTS,
    timeoutMs: FETCH_TIMEOUT_MS,
    userAgent: `Mozilla/5.0 (compatible; evcircle-bot/1.0; +${config.PUBLIC_URL})`,
  };
}
