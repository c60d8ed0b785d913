import { ApiError, followingFeed, PAGE_SIZE, type Post, STATUS, type UserCard } from '@evcircle/contract/client';
import { RotateCw, UsersRound } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { LoginPrompt, useViewer } from '~/features/auth/index.ts';
import { FeedGrid } from '~/features/posts/index.ts';
import { RELATIONS_MESSAGES, suggestPeople, UserRow } from '~/features/relations/index.ts';
import { serverApi, useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import type { Route } from './+types/following';

type FollowingData = { state: 'ok'; posts: Post[]; suggestions: UserCard[] } | { state: 'guest' } | { state: 'error' };

export async function loader({ context }: Route.LoaderArgs): Promise<FollowingData> {
  const api = serverApi(context);
  try {
    const posts = await api.call(followingFeed, { page: 1, size: PAGE_SIZE.posts });
    return { state: 'ok', posts, suggestions: posts.length === 0 ? await suggestPeople(api) : [] };
  } catch (error) {
    // Logged out is a normal state of this page, not a failure.
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' };
    console.error('[following] feed failed', error);
    return { state: 'error' };
  }
}

export const meta: Route.MetaFunction = () => [
  { title: RELATIONS_MESSAGES.documentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function FollowingPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-screen-2xl px-2 pt-3 md:px-6 md:pt-6">
      <h1 className="mb-3 px-2 text-lg font-semibold md:mb-5 md:px-0 md:text-xl">{RELATIONS_MESSAGES.heading}</h1>
      {loaderData.state === 'guest' ? <GuestPrompt /> : null}
      {loaderData.state === 'error' ? <FeedFailed /> : null}
      {loaderData.state === 'ok' ? (
        <FollowingFeed posts={loaderData.posts} suggestions={loaderData.suggestions} />
      ) : null}
    </div>
  );
}

function FollowingFeed({ posts, suggestions }: { posts: Post[]; suggestions: UserCard[] }) {
  const api = useApi();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  const fetchPage = useCallback((page: number) => api.call(followingFeed, { page, size: PAGE_SIZE.posts }), [api]);
  return (
    // Cards go to the post page here: SPEC.md §2 opens the modal on /, the theme feeds and profiles.
    <FeedGrid
      data-testid="posts-grid"
      firstPage={posts}
      pageSize={PAGE_SIZE.posts}
      imageBase={imageBase}
      fetchPage={fetchPage}
      label={RELATIONS_MESSAGES.heading}
      empty={<EmptyFollowing suggestions={suggestions} imageBase={imageBase} />}
    />
  );
}

/** Nothing from the people you follow (or nobody followed yet): suggest some, or go explore. */
function EmptyFollowing({ suggestions, imageBase }: { suggestions: UserCard[]; imageBase: string }) {
  const viewer = useViewer();
  const revalidator = useRevalidator();
  const [hasFollowed, setHasFollowed] = useState(false);
  return (
    <div data-testid="following-empty" className="mx-auto flex max-w-lg flex-col items-center pt-10 pb-16 text-center">
      <UsersRound aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-700" />
      <p className="mt-4 text-base font-medium">{RELATIONS_MESSAGES.emptyTitle}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{RELATIONS_MESSAGES.emptyHint}</p>
      {suggestions.length > 0 ? (
        <section
          aria-labelledby="suggestions-title"
          className="mt-8 w-full overflow-hidden rounded-2xl bg-white text-left ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
        >
          <h2 id="suggestions-title" className="px-4 pt-4 pb-1 text-sm font-semibold">
            {RELATIONS_MESSAGES.suggestions}
          </h2>
          <ul data-testid="follow-suggestions" className="divide-y divide-gray-100 dark:divide-gray-800">
            {suggestions.map((user) => (
              <UserRow
                key={user.uid}
                user={user}
                imageBase={imageBase}
                viewerId={viewer?.uid ?? null}
                onFollowChange={() => setHasFollowed(true)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 flex gap-3">
        {hasFollowed ? (
          <Button disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {RELATIONS_MESSAGES.refresh}
          </Button>
        ) : null}
        <Link to="/" className={buttonClass(hasFollowed ? 'outline' : 'solid')}>
          {RELATIONS_MESSAGES.goHome}
        </Link>
      </div>
    </div>
  );
}

function GuestPrompt() {
  return (
    <LoginPrompt
      icon={UsersRound}
      title={RELATIONS_MESSAGES.guestTitle}
      hint={RELATIONS_MESSAGES.guestHint}
      testId="following-guest"
    />
  );
}

function FeedFailed() {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-24 text-sm text-gray-500 dark:text-gray-400">
      <span>{RELATIONS_MESSAGES.loadFailed}</span>
      <Button variant="outline" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
        <RotateCw aria-hidden="true" className="size-4" />
        {RELATIONS_MESSAGES.retry}
      </Button>
    </div>
  );
}
