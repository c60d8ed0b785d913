import type { Account } from '@evcircle/contract/client';
import { useRootData } from '~/lib/root-data.ts';

/**
 * The logged-in account, loaded by the root loader from the session cookie (so SSR
 * renders the logged-in view with no flash); null when logged out. After a login or a
 * logout the root data is revalidated and this follows.
 */
export function useViewer(): Account | null {
  return useRootData()?.viewer ?? null;
}
