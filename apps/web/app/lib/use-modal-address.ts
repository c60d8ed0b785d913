import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type AddressModal,
  type ModalIdKey,
  readAddressModal,
  searchString,
  withAddressModal,
  withoutAddressModal,
} from './modal-address.ts';

/**
 * Marks history entries this page load pushed for a modal. After a reload the marker no
 * longer matches, so closing replaces the address instead of leaving the site with back().
 */
const DOCUMENT_MARK = Math.random().toString(36).slice(2);

type ModalEntryState = { listModal?: string } | null;

/**
 * A list modal's address (SPEC.md §2, post and product modal): `open` pushes
 * modal=true&{key}&index (so the browser's back button closes it), `go` replaces them
 * (previous/next), `close` goes back to the entry it was opened from, or strips the keys
 * when the page was loaded with them. Scrolling never resets: the list stays where it was.
 */
export function useModalAddress<K extends ModalIdKey>(key: K) {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => readAddressModal(new URLSearchParams(location.search), key), [location.search, key]);
  const wasPushedHere = (location.state as ModalEntryState)?.listModal === DOCUMENT_MARK;

  const to = useCallback(
    (search: URLSearchParams) => ({ pathname: location.pathname, search: searchString(search), hash: location.hash }),
    [location.pathname, location.hash],
  );

  const open = useCallback(
    (next: AddressModal<K>) => {
      navigate(to(withAddressModal(new URLSearchParams(location.search), key, next)), {
        state: { listModal: DOCUMENT_MARK },
        preventScrollReset: true,
      });
    },
    [navigate, to, location.search, key],
  );

  const go = useCallback(
    (next: AddressModal<K>) => {
      navigate(to(withAddressModal(new URLSearchParams(location.search), key, next)), {
        replace: true,
        state: location.state,
        preventScrollReset: true,
        // Stepping through items should feel immediate, not wait for a transition.
        flushSync: true,
      });
    },
    [navigate, to, location.search, location.state, key],
  );

  const close = useCallback(() => {
    if (wasPushedHere) {
      navigate(-1);
      return;
    }
    navigate(to(withoutAddressModal(new URLSearchParams(location.search), key)), {
      replace: true,
      preventScrollReset: true,
    });
  }, [navigate, to, location.search, wasPushedHere, key]);

  return { target, open, go, close };
}
