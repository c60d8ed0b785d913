import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type ModalTarget,
  readModalTarget,
  searchString,
  withModalTarget,
  withoutModalTarget,
} from './modal-params.ts';

/**
 * Marks history entries this page load pushed for the modal. After a reload the marker no
 * longer matches, so closing replaces the address instead of leaving the site with back().
 */
const DOCUMENT_MARK = Math.random().toString(36).slice(2);

type ModalEntryState = { postModal?: string } | null;

/**
 * The post modal's address (SPEC.md §2): `open` pushes modal=true&postId&index (so the
 * browser's back button closes it), `go` replaces them (previous/next), `close` goes back
 * to the entry it was opened from, or strips the keys when the page was loaded with them.
 * Scrolling never resets: the list stays where it was.
 */
export function useModalAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => readModalTarget(new URLSearchParams(location.search)), [location.search]);
  const wasPushedHere = (location.state as ModalEntryState)?.postModal === DOCUMENT_MARK;

  const to = useCallback(
    (search: URLSearchParams) => ({ pathname: location.pathname, search: searchString(search), hash: location.hash }),
    [location.pathname, location.hash],
  );

  const open = useCallback(
    (next: ModalTarget) => {
      navigate(to(withModalTarget(new URLSearchParams(location.search), next)), {
        state: { postModal: DOCUMENT_MARK },
        preventScrollReset: true,
      });
    },
    [navigate, to, location.search],
  );

  const go = useCallback(
    (next: ModalTarget) => {
      navigate(to(withModalTarget(new URLSearchParams(location.search), next)), {
        replace: true,
        state: location.state,
        preventScrollReset: true,
        // Stepping through posts should feel immediate, not wait for a transition.
        flushSync: true,
      });
    },
    [navigate, to, location.search, location.state],
  );

  const close = useCallback(() => {
    if (wasPushedHere) {
      navigate(-1);
      return;
    }
    navigate(to(withoutModalTarget(new URLSearchParams(location.search))), { replace: true, preventScrollReset: true });
  }, [navigate, to, location.search, wasPushedHere]);

  return { target, open, go, close };
}
