import {
  ApiError,
  integral,
  PAGE_SIZE,
  STATUS,
  type UserProfile,
  userInfo,
  userPosts,
} from '@evcircle/contract/client';
import { useCallback, useState } from 'react';
import { data, useRevalidator } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { loadModalPost, shouldRevalidateList } from '~/features/posts/index.ts';
import { FollowListSheet, type FollowListTab } from '~/features/relations/index.ts';
import { PROFILES_MESSAGES, ProfileHeader, ProfilePosts, profileMeta, UserNotFound } from '~/features/users/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/user';

/** Unknown, deleted or malformed ids: the 404 page with HTTP 404. */
function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const uid = Number(params.id);
  if (!/^\d{1,15}$/.test(params.id) || uid <= 0) notFound();
  const api = serverApi(context);
  const [profileResult, postsResult, modalResult] = await Promise.allSettled([
    api.call(userInfo, { uid }),
    api.call(userPosts, { uid, page: 1, size: PAGE_SIZE.posts }),
    // A reload with modal=true&postId… shows that post over the profile (SPEC.md §2).
    loadModalPost(api, new URL(request.url)),
  ]);
  if (profileResult.status === 'rejected') {
    const error = profileResult.reason;
    if (error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED)) {
      notFound();
    }
    throw error;
  }
  const profile = profileResult.value;
  if (postsResult.status === 'rejected') console.error('[user] posts failed', postsResult.reason);

  // The viewer's own points, shown on their own profile (SPEC.md §6: logged-in users see points).
  let points: number | null = null;
  if (profile.ismine === 1) {
    try {
      points = (await api.call(integral, {})).balance;
    } catch (error) {
      console.error('[user] points failed', error);
    }
  }
  return {
    profile,
    posts: postsResult.status === 'fulfilled' ? postsResult.value : [],
    hasPostsFailed: postsResult.status === 'rejected',
    points,
    modal: modalResult.status === 'fulfilled' ? modalResult.value : null,
    publicUrl: context.publicConfig.publicUrl,
    imageBase: context.publicConfig.imageBase,
  };
}

export const shouldRevalidate = shouldRevalidateList;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: `${PROFILES_MESSAGES.userNotFoundTitle} - 车友圈` }];
  return profileMeta(loaderData.profile, loaderData.publicUrl, loaderData.imageBase);
};

export default function UserPage({ loaderData }: Route.ComponentProps) {
  // A new profile (another id) starts with a fresh page: no open sheet, no local counts.
  return <Profile key={loaderData.profile.uid} {...loaderData} />;
}

type ProfileProps = Awaited<ReturnType<typeof loader>>;

function Profile({ profile, posts, hasPostsFailed, points, imageBase, modal }: ProfileProps) {
  const viewer = useViewer();
  const revalidator = useRevalidator();
  const [follow, setFollow] = useState({ source: profile, isFollowing: profile.isfollow === 1 });
  const [listTab, setListTab] = useState<FollowListTab | null>(null);
  const [hasListChanges, setHasListChanges] = useState(false);
  // One function for the page's life: the follow button keeps its server HTML while its code loads.
  const onFollowChange = useCallback((now: boolean) => setFollow((f) => ({ ...f, isFollowing: now })), []);

  // The loader ran again (login, revalidation): its counts are the truth again.
  let isFollowing = follow.isFollowing;
  if (follow.source !== profile) {
    isFollowing = profile.isfollow === 1;
    setFollow({ source: profile, isFollowing });
  }
  const shown: UserProfile = {
    ...profile,
    isfollow: isFollowing ? 1 : 0,
    followers: profile.followers - profile.isfollow + (isFollowing ? 1 : 0),
  };

  return (
    <div className="mx-auto max-w-screen-2xl px-4 md:px-6">
      <ProfileHeader
        profile={shown}
        imageBase={imageBase}
        points={points}
        onFollowChange={onFollowChange}
        onOpenList={setListTab}
      />
      <ProfilePosts
        profile={profile}
        firstPage={posts}
        hasFailed={hasPostsFailed}
        imageBase={imageBase}
        modalPreload={modal}
      />
      <FollowListSheet
        uid={profile.uid}
        title={profile.nickname}
        tab={listTab}
        onTabChange={setListTab}
        onClose={() => {
          setListTab(null);
          // Follows changed in the list may change this page's counts (e.g. on your own profile).
          if (hasListChanges) {
            setHasListChanges(false);
            void revalidator.revalidate();
          }
        }}
        imageBase={imageBase}
        viewerId={viewer?.uid ?? null}
        onFollowChange={() => setHasListChanges(true)}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <UserNotFound /> }} />;
}
