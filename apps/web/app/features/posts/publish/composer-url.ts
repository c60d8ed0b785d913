import { useCallback } from 'react';
import { type Location, useNavigate } from 'react-router';

/** Marks the composer's own address updates in the history state. */
const OWN_UPDATE = 'composerOwnUpdate';

/** The last address the composer put in place itself (`/publish?did=…`). */
let ownUrl: string | null = null;

/**
 * True for the address the composer just wrote itself: the route's shouldRevalidate skips
 * reloading the draft it is editing (the editor already holds it).
 */
export function isOwnComposerUrl(url: URL): boolean {
  return ownUrl !== null && url.pathname + url.search === ownUrl;
}

/** The composer is about to load a draft itself (another one, or none): that address must load. */
export function forgetOwnComposerUrl(): void {
  ownUrl = null;
}

/** True for a navigation the composer made to keep `?did=` in step: never asks to leave. */
export function isOwnComposerNavigation(location: Location): boolean {
  const state = location.state as Record<string, unknown> | null;
  return Boolean(state && typeof state === 'object' && state[OWN_UPDATE] === true);
}

/**
 * Puts `?did=<did>` (or no did) in the address with replace: no history entry, no reload,
 * no scroll. `?drafts=1` goes at the same time (the drafts list it asked for is open).
 */
export function useReplaceDraftParam(): (did: number | null) => void {
  const navigate = useNavigate();
  return useCallback(
    (did: number | null) => {
      const params = new URLSearchParams(window.location.search);
      params.delete('drafts');
      if (did === null) params.delete('did');
      else params.set('did', String(did));
      const search = params.toString();
      const url = `${window.location.pathname}${search ? `?${search}` : ''}`;
      ownUrl = url;
      void navigate(url, { replace: true, preventScrollReset: true, state: { [OWN_UPDATE]: true } });
    },
    [navigate],
  );
}
