import { PAGE_SIZE, type Post, postsNoAds } from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { redirect, useRevalidator } from 'react-router';
import { FeedGrid } from '~/features/feed/feed-grid.tsx';
import { FEED_MESSAGES } from '~/features/feed/messages.ts';
import { serverApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  // SPEC.md §2: / or /home with ?type=X goes to the theme feed /X (other query values kept).
  const url = new URL(request.url);
  const type = url.searchParams.get('type')?.trim();
  if (type) {
    url.searchParams.delete('type');
    const search = url.searchParams.toString();
    throw redirect(`/${encodeURIComponent(type)}${search ? `?${search}` : ''}`);
  }
  try {
    const posts = await serverApi(context).call(postsNoAds, { page: 1, size: PAGE_SIZE.posts });
    return { posts, hasFailed: false };
  } catch (error) {
    console.error('[home] feed failed', error);
    return { posts: [] as Post[], hasFailed: true };
  }
}

export const meta: Route.MetaFunction = () => [{ title: FEED_MESSAGES.documentTitle }];

export default function Home({ loaderData }: Route.ComponentProps) {
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  return (
    <div className="mx-auto max-w-screen-2xl px-2 pt-2 md:px-6 md:pt-6">
      <h1 className="sr-only">{FEED_MESSAGES.feedLabel}</h1>
      {loaderData.hasFailed ? (
        <FeedUnavailable />
      ) : (
        <FeedGrid firstPage={loaderData.posts} pageSize={PAGE_SIZE.posts} imageBase={imageBase} />
      )}
    </div>
  );
}

/** The first page could not be fetched on the server: say so, and offer to try again. */
function FeedUnavailable() {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-24 text-sm text-gray-500 dark:text-gray-400">
      <span>{FEED_MESSAGES.loadFailed}</span>
      <Button variant="outline" disabled={revalidator.state !== 'idle'} onClick={() => revalidator.revalidate()}>
        <RotateCw aria-hidden="true" className="size-4" />
        {FEED_MESSAGES.retry}
      </Button>
    </div>
  );
}
