import { useCallback, useEffect, useRef, useState } from 'react';

/** `idle` between pages, `loading` one, `error` when it failed, `done` after the last. */
export type PagedStatus = 'idle' | 'loading' | 'error' | 'done';

export type PagedListOptions<T> = {
  /**
   * Page 1 as the page's loader fetched it (shown at once, and in the server's HTML), or
   * null to start from nothing. A new array (the loader ran again) starts over from it.
   */
  firstPage: T[] | null;
  /** Items a full page holds: a shorter page is the last. */
  size: number;
  /** Fetches one page (1-based). */
  fetchPage: (page: number) => Promise<T[]>;
  /** An item's identity: a page never repeats an item already shown (the order may shift between pages). */
  keyOf: (item: T) => string | number;
  /** Without `firstPage`, fetch page 1 as soon as mounted; otherwise the first `loadMore` does (a button). */
  isEager?: boolean;
  /** Starts over when it changes after mount: everything goes and page 1 is fetched again (e.g. another viewer). */
  resetKey?: string | number;
};

type PagedState<T> = { items: T[]; page: number; status: PagedStatus };

function initialState<T>(firstPage: T[] | null, size: number, isFetchingFirst: boolean): PagedState<T> {
  if (firstPage === null) return { items: [], page: 0, status: isFetchingFirst ? 'loading' : 'idle' };
  return { items: firstPage, page: 1, status: firstPage.length < size ? 'done' : 'idle' };
}

/** Appends a page, leaving out items already shown. */
export function appendPage<T>(items: readonly T[], page: readonly T[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set(items.map(keyOf));
  return [...items, ...page.filter((item) => !seen.has(keyOf(item)))];
}

/**
 * A list fetched page by page, the one paging state machine of the app (feeds, comments,
 * follow lists, settings lists): `loadMore` fetches the next page; a short page means the
 * end; a failure waits for `loadMore` again (the retry button), which after a failed
 * page 1 fetches page 1. `page` is how many pages are shown (0 before page 1 arrived),
 * so a caller can tell a failed first page from a failed later one. `refresh` fetches
 * page 1 again and starts over from it (pull-to-refresh); it rejects when that fails,
 * leaving the list as it was. Answers of a list that started over since are dropped.
 */
export function usePagedList<T>({ firstPage, size, fetchPage, keyOf, isEager = false, resetKey }: PagedListOptions<T>) {
  const isFetchingFirst = isEager && firstPage === null;
  const [source, setSource] = useState(firstPage);
  const [state, setState] = useState(() => initialState(firstPage, size, isFetchingFirst));
  const isLoading = useRef(false);
  /** Bumped whenever the list starts over, so a page still on its way from before is dropped. */
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  const keyRef = useRef(keyOf);
  useEffect(() => {
    fetchRef.current = fetchPage;
    keyRef.current = keyOf;
  });

  // The loader ran again (e.g. navigating back, a login): start over from its page.
  if (source !== firstPage) {
    setSource(firstPage);
    setState(initialState(firstPage, size, false));
  }

  const fetchInto = useCallback(
    async (page: number) => {
      isLoading.current = true;
      const started = generation.current;
      setState((s) => ({ ...s, status: 'loading' }));
      try {
        const next = await fetchRef.current(page);
        if (started !== generation.current) return;
        setState((s) => ({
          items: page === 1 ? next : appendPage(s.items, next, keyRef.current),
          page,
          status: next.length < size ? 'done' : 'idle',
        }));
      } catch {
        if (started !== generation.current) return;
        setState((s) => ({ ...s, status: 'error' }));
      } finally {
        if (started === generation.current) isLoading.current = false;
      }
    },
    [size],
  );

  const loadMore = useCallback(async () => {
    if (isLoading.current || state.status === 'loading' || state.status === 'done') return;
    await fetchInto(state.page + 1);
  }, [fetchInto, state.page, state.status]);

  // Page 1 on mount (when asked for and not served), and again after each new resetKey.
  const hasStarted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the reason to start over
  useEffect(() => {
    const isMount = !hasStarted.current;
    hasStarted.current = true;
    if (isMount && !isFetchingFirst) return;
    generation.current += 1;
    isLoading.current = false;
    setState({ items: [], page: 0, status: 'loading' });
    void fetchInto(1);
  }, [resetKey, fetchInto]);

  const refresh = useCallback(async () => {
    const next = await fetchRef.current(1);
    generation.current += 1;
    isLoading.current = false;
    setState(initialState(next, size, false));
  }, [size]);

  /** Changes the items in place (a like counted, a row removed, a follow toggled). */
  const updateItems = useCallback((update: (items: T[]) => T[]) => {
    setState((s) => ({ ...s, items: update(s.items) }));
  }, []);

  return { items: state.items, status: state.status, page: state.page, loadMore, refresh, updateItems };
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
