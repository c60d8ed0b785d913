import { formatMessage, PAGE_SIZE, type Post, type UserProfile, userPosts } from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { FeedGrid, type ModalPreload } from '~/features/posts/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { PROFILES_MESSAGES } from './messages.ts';

/** A profile without posts to show (none yet, or blocked) is rare: its words and icons load with it. */
const PostsEmpty = lazyComponent(() => import('./profile-posts-states.tsx').then((module) => module.PostsEmpty));
const PostsBlocked = lazyComponent(() => import('./profile-posts-states.tsx').then((module) => module.PostsBlocked));

type ProfilePostsProps = {
  profile: UserProfile;
  firstPage: Post[];
  /** Page 1 could not be fetched on the server. */
  hasFailed: boolean;
  imageBase: string;
  /** The post modal the address asks for, loaded on the server (SPEC.md §2). */
  modalPreload: ModalPreload | null;
};

/** The profile's posts: a tab-like heading and the masonry grid with infinite scroll. */
export function ProfilePosts({ profile, firstPage, hasFailed, imageBase, modalPreload }: ProfilePostsProps) {
  const api = useApi();
  const revalidator = useRevalidator();
  const fetchPage = useCallback(
    (page: number) => api.call(userPosts, { uid: profile.uid, page, size: PAGE_SIZE.posts }),
    [api, profile.uid],
  );
  return (
    <div className="pb-8">
      <div className="mb-3 flex items-center gap-2 border-b border-gray-200 dark:border-gray-800 md:mb-5">
        <h2 className="-mb-px border-b-2 border-primary-600 px-1 pb-2 text-sm font-semibold dark:border-primary-400">
          {PROFILES_MESSAGES.posts}
          <span className="ml-1 font-normal text-gray-500 dark:text-gray-400">{profile.posts}</span>
        </h2>
      </div>
      {profile.isblock === 1 ? (
        <PostsBlocked />
      ) : hasFailed ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-sm text-gray-500 dark:text-gray-400">
          <span>{PROFILES_MESSAGES.postsFailed}</span>
          <Button
            variant="outline"
            disabled={revalidator.state !== 'idle'}
            onClick={() => void revalidator.revalidate()}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {PROFILES_MESSAGES.retry}
          </Button>
        </div>
      ) : (
        <FeedGrid
          data-testid="posts-grid"
          hasPostModal
          modalPreload={modalPreload}
          firstPage={firstPage}
          pageSize={PAGE_SIZE.posts}
          imageBase={imageBase}
          fetchPage={fetchPage}
          label={formatMessage(PROFILES_MESSAGES.postsLabel, { nickname: profile.nickname })}
          empty={<PostsEmpty isMine={profile.ismine === 1} />}
        />
      )}
    </div>
  );
}
