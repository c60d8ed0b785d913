import { type Post, postsNoAds } from '@evcircle/contract/client';
import { useCallback, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';

export type FeedStatus = 'idle' | 'loading' | 'error' | 'done';

type FeedState = { posts: Post[]; page: number; status: FeedStatus };

function initialState(posts: Post[], size: number): FeedState {
  return { posts, page: 1, status: posts.length < size ? 'done' : 'idle' };
}

/**
 * The home feed after its first, server-rendered page: `loadMore` fetches the next page
 * through the typed client. A short page means the end; a failure waits for `loadMore`
 * again (the retry button). Posts already shown are never repeated, even if the ranking
 * shifted between pages.
 */
export function useInfiniteFeed(firstPage: Post[], size: number) {
  const api = useApi();
  const [source, setSource] = useState(firstPage);
  const [state, setState] = useState(() => initialState(firstPage, size));
  const isLoading = useRef(false);

  // The loader ran again (e.g. navigating back home): start over from its page.
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
      const next = await api.call(postsNoAds, { page, size });
      setState((s) => {
        const seen = new Set(s.posts.map((p) => p.pid));
        const fresh = next.filter((p) => !seen.has(p.pid));
        return { posts: [...s.posts, ...fresh], page, status: next.length < size ? 'done' : 'idle' };
      });
    } catch {
      setState((s) => ({ ...s, status: 'error' }));
    } finally {
      isLoading.current = false;
    }
  }, [api, size, state.page, state.status]);

  return { posts: state.posts, status: state.status, loadMore };
}
