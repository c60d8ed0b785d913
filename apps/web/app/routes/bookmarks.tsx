import {
  ApiError,
  bookmarkFolders,
  bookmarkHotUrls,
  bookmarkList,
  bookmarkUrlHistory,
  PAGE_SIZE,
  STATUS,
} from '@evcircle/contract/client';
import { BOOKMARKS_MESSAGES, BookmarksPage, BookmarksPageFrame } from '~/features/bookmarks/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/bookmarks';

/** A read beside the list: its failure leaves that part empty (SPEC.md §8), but logged out is the list's to say. */
function orEmpty<T>(error: unknown, empty: T): T {
  if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) throw error;
  return empty;
}

/** /bookmarks (SPEC.md §2, layout default): the viewer's links, their folders, recent URLs and the hot links. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  try {
    const [page, folders, history, hot] = await Promise.all([
      api.call(bookmarkList, { page: 1, size: PAGE_SIZE.bookmarks, folder: '', word: '' }),
      api.call(bookmarkFolders, {}).catch((error: unknown) => orEmpty(error, [])),
      api.call(bookmarkUrlHistory, {}).catch((error: unknown) => orEmpty(error, [])),
      api.call(bookmarkHotUrls, {}).catch(() => []),
    ]);
    return { state: 'ok' as const, items: page.items, total: page.total, folders, history, hot };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: BOOKMARKS_MESSAGES.pageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function BookmarksRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BookmarksPageFrame isGuest={loaderData.state === 'guest'}>
      {loaderData.state === 'ok' ? (
        <BookmarksPage
          firstPage={loaderData.items}
          total={loaderData.total}
          folders={loaderData.folders}
          history={loaderData.history}
          hot={loaderData.hot}
        />
      ) : null}
    </BookmarksPageFrame>
  );
}
