import type { Post, postsNoAds } from '@evcircle/contract/client';
import { useCallback } from 'react';
import { useApi } from '~/lib/api.ts';

/** Fetches one page (1-based) of a post list. */
export type FetchFeedPage<P extends Post = Post> = (page: number) => Promise<P[]>;

/** A feed call taking {page, size}: the home feed and every theme feed share this shape. */
export type FeedEndpoint = typeof postsNoAds;

/** Pages of `endpoint` through the browser's typed client, for FeedGrid. */
export function useFeedPages(endpoint: FeedEndpoint, size: number): FetchFeedPage {
  const api = useApi();
  return useCallback((page: number) => api.call(endpoint, { page, size }), [api, endpoint, size]);
}
