import { useCallback } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Re-runs the loaders after the login changed (login, logout, a 2011 answer): the root
 * loader reloads the viewer, so the header and every page's SSR data follow, without a
 * page reload.
 */
export function useAuthRefresh(): () => Promise<void> {
  const { revalidate } = useRevalidator();
  return useCallback(() => revalidate(), [revalidate]);
}
