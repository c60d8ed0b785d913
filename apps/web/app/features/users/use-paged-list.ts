import { useCallback, useEffect, useRef, useState } from 'react';

export type PagedStatus = 'idle' | 'loading' | 'error' | 'done';

type PagedState<T> = { items: T[]; page: number; status: PagedStatus };

function initialState<T>(firstPage: T[] | null, size: number): PagedState<T> {
  if (firstPage === null) return { items: [], page: 0, status: 'idle' };
  return { items: firstPage, page: 1, status: firstPage.length < size ? 'done' : 'idle' };
}

/**
 * A list fetched page by page (1-based, `size` per page): a short page means the end, a
 * failure waits for `loadMore` again (the retry button), and items already shown are never
 * repeated. `firstPage` is the server-rendered page 1, or null to start from nothing (call
 * `loadMore` to fetch page 1). A new `firstPage` (the loader ran again) starts over.
 */
export function usePagedList<T>(
  firstPage: T[] | null,
  size: number,
  fetchPage: (page: number) => Promise<T[]>,
  keyOf: (item: T) => string | number,
) {
  const [source, setSource] = useState(firstPage);
  const [state, setState] = useState(() => initialState(firstPage, size));
  const isLoading = useRef(false);
  const fetchRef = useRef(fetchPage);
  const keyRef = useRef(keyOf);
  useEffect(() => {
    fetchRef.current = fetchPage;
    keyRef.current = keyOf;
  });

  if (source !== firstPage) {
    setSource(firstPage);
    setState(initialState(firstPage, size));
  }

  const loadMore = useCallback(async () => {
    if (isLoading.current || state.status === 'loading' || state.status === 'done') return;
    isLoading.current = true;
    const page = state.page + 1;
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const next = await fetchRef.current(page);
      setState((s) => {
        const seen = new Set(s.items.map((item) => keyRef.current(item)));
        const fresh = next.filter((item) => !seen.has(keyRef.current(item)));
        return { items: [...s.items, ...fresh], page, status: next.length < size ? 'done' : 'idle' };
      });
    } catch {
      setState((s) => ({ ...s, status: 'error' }));
    } finally {
      isLoading.current = false;
    }
  }, [size, state.page, state.status]);

  /** Updates items in place (e.g. a follow toggled in a row). */
  const updateItems = useCallback((update: (items: T[]) => T[]) => {
    setState((s) => ({ ...s, items: update(s.items) }));
  }, []);

  /** Drops everything and fetches from page 1 again. */
  const reset = useCallback(() => {
    setState({ items: [], page: 0, status: 'idle' });
  }, []);

  return { items: state.items, status: state.status, loadMore, updateItems, reset };
}

/**
 * Calls `onVisible` whenever the returned ref's element comes near the viewport while the
 * list is idle (re-observed on each status change, so a still-visible end keeps loading).
 */
export function useLoadMoreSentinel(status: PagedStatus, onVisible: () => void, rootMargin = '0px 0px 600px 0px') {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const target = ref.current;
    if (!target || status !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [status, rootMargin]);
  return ref;
}
