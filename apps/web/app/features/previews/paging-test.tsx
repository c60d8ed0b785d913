import { type ApiClient, postsNoAds } from '@evcircle/contract/client';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { type PagingTestData, pagingSizeOf } from './paging-options.ts';

/** Page 1 of the home feed at the chosen size; null when it failed (the page then asks again). */
export async function loadPagingTest(api: ApiClient, url: URL): Promise<PagingTestData> {
  const size = pagingSizeOf(url);
  const firstPage = await api.call(postsNoAds, { page: 1, size }).catch((error: unknown) => {
    console.error('[pagination-test] first page failed', error);
    return null;
  });
  return { size, firstPage };
}

/**
 * /pagination-test's page (paging-test-view.tsx). Its code loads apart from the page: the
 * shared paged list it shows belongs to other pages' first loads, which one more page
 * among their users would cut into more, smaller chunks. `data-ready` on the page says
 * the code is there (before, the server's HTML shows and taps do nothing).
 */
export const PagingTestPage = lazyComponent(() =>
  import('./paging-test-view.tsx').then((module) => module.PagingTestView),
);
