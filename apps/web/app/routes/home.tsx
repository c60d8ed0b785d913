import { PAGE_SIZE, type Post, postsNoAds } from '@evcircle/contract/client';
import { redirect } from 'react-router';
import {
  FEED_MESSAGES,
  FeedGrid,
  FeedUnavailable,
  loadModalPost,
  shouldRevalidateList,
  THEME_PAGES,
  useFeedPages,
} from '~/features/posts/index.ts';
import { serverApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  // SPEC.md §2: / or /home with ?type=X goes to the theme feed /X (other query values kept);
  // tesla's feed lives on /tesla-tools.
  const url = new URL(request.url);
  const type = url.searchParams.get('type')?.trim();
  if (type) {
    url.searchParams.delete('type');
    const search = url.searchParams.toString();
    const path = THEME_PAGES.find((page) => page.theme === type)?.path ?? `/${encodeURIComponent(type)}`;
    throw redirect(`${path}${search ? `?${search}` : ''}`);
  }
  const api = serverApi(context);
  const [feed, modal] = await Promise.all([
    api.call(postsNoAds, { page: 1, size: PAGE_SIZE.posts }).then(
      (posts) => ({ posts, hasFailed: false }),
      (error: unknown) => {
        console.error('[home] feed failed', error);
        return { posts: [] as Post[], hasFailed: true };
      },
    ),
    // A reload with modal=true&postId… shows that post over the feed (SPEC.md §2).
    loadModalPost(api, url),
  ]);
  return { ...feed, modal };
}

export const shouldRevalidate = shouldRevalidateList;

export const meta: Route.MetaFunction = () => [{ title: FEED_MESSAGES.documentTitle }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  const fetchPage = useFeedPages(postsNoAds, PAGE_SIZE.posts);
  return (
    <div className="mx-auto max-w-screen-2xl px-2 pt-2 md:px-6 md:pt-6">
      <h1 className="sr-only">{FEED_MESSAGES.feedLabel}</h1>
      {loaderData.hasFailed ? (
        <FeedUnavailable />
      ) : (
        <FeedGrid
          firstPage={loaderData.posts}
          pageSize={PAGE_SIZE.posts}
          imageBase={imageBase}
          fetchPage={fetchPage}
          hasPostModal
          modalPreload={loaderData.modal}
        />
      )}
    </div>
  );
}
