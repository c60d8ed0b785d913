import { createContext, useContext } from 'react';

/**
 * The per-request CSP nonce. entry.server provides it; in the browser it stays '' because
 * nothing inline is added after hydration (and browsers hide the attribute's value anyway).
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
