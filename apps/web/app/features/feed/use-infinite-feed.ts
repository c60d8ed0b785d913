import type { Post } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';

export type FeedStatus = 'idle' | 'loading' | 'error' | 'done';

/** Fetches one page (1-based) of a post list. */
export type FetchFeedPage = (page: number) => Promise<Post[]>;

type FeedState = { posts: Post[]; page: number; status: FeedStatus };

function initialState(posts: Post[], size: number): FeedState {
  return { posts, page: 1, status: posts.length < size ? 'done' : 'idle' };
}

/** Appends a page, dropping posts already shown (the ranking may shift between pages). */
function appendPage(posts: Post[], next: Post[]): Post[] {
  const seen = new Set(posts.map((p) => p.pid));
  return [...posts, ...next.filter((p) => !seen.has(p.pid))];
}

/**
 * Any post list after its first, server-rendered page: `loadMore` fetches the next page
 * through `fetchPage`. A short page means the end; a failure waits for `loadMore` again
 * (the retry button). Posts already shown are never repeated. `refresh` fetches page 1
 * again and starts over from it (pull-to-refresh); it rejects when that fails, leaving
 * the list as it was.
 */
export function useInfiniteFeed(firstPage: Post[], size: number, fetchPage: FetchFeedPage) {
  const [source, setSource] = useState(firstPage);
  const [state, setState] = useState(() => initialState(firstPage, size));
  const isLoading = useRef(false);
  /** Bumped by refresh, so a page still on its way from before is dropped. */
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  // The loader ran again (e.g. navigating back, a login): start over from its page.
  if (source !== firstPage) {
    setSource(firstPage);
    setState(initialState(firstPage, size));
  }

  const loadMore = useCallback(async () => {
    if (isLoading.current || state.status === 'loading' || state.status === 'done') return;
    isLoading.current = true;
    const page = state.page + 1;
    const started = generation.current;
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const next = await fetchRef.current(page);
      if (started !== generation.current) return;
      setState((s) => ({ posts: appendPage(s.posts, next), page, status: next.length < size ? 'done' : 'idle' }));
    } catch {
      if (started !== generation.current) return;
      setState((s) => ({ ...s, status: 'error' }));
    } finally {
      if (started === generation.current) isLoading.current = false;
    }
  }, [size, state.page, state.status]);

  const refresh = useCallback(async () => {
    const next = await fetchRef.current(1);
    generation.current += 1;
    isLoading.current = false;
    setState(initialState(next, size));
  }, [size]);

  /** Changes one post in place (its like count changed in the modal). */
  const patchPost = useCallback((pid: number, patch: Partial<Post>) => {
    setState((s) => ({ ...s, posts: s.posts.map((p) => (p.pid === pid ? { ...p, ...patch } : p)) }));
  }, []);

  /** Drops one post (it was deleted from its modal). */
  const removePost = useCallback((pid: number) => {
    setState((s) => ({ ...s, posts: s.posts.filter((p) => p.pid !== pid) }));
  }, []);

  /** Drops every post of an author (the viewer just blocked them). */
  const removeAuthor = useCallback((uid: number) => {
    setState((s) => ({ ...s, posts: s.posts.filter((p) => p.uid !== uid) }));
  }, []);

  return { posts: state.posts, status: state.status, loadMore, refresh, patchPost, removePost, removeAuthor };
}
