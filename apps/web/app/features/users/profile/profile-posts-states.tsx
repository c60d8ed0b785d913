import { FileText, UserX } from 'lucide-react';
import { PROFILES_MESSAGES } from './messages.ts';

// What a profile shows where its posts would be (profile-posts.tsx loads it when needed).

/** The viewer blocked this user: their posts are not shown. */
export function PostsBlocked() {
  return (
    <div data-testid="posts-blocked" className="flex flex-col items-center py-20 text-center">
      <UserX aria-hidden="true" className="size-10 text-gray-300 dark:text-gray-700" />
      <p className="mt-3 text-base font-medium">{PROFILES_MESSAGES.postsBlocked}</p>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{PROFILES_MESSAGES.postsBlockedHint}</p>
    </div>
  );
}

/** No posts yet (the owner is told how to start). */
export function PostsEmpty({ isMine }: { isMine: boolean }) {
  return (
    <div data-testid="posts-empty" className="flex flex-col items-center py-20 text-center">
      <FileText aria-hidden="true" className="size-10 text-gray-300 dark:text-gray-700" />
      <p className="mt-3 text-base font-medium">{PROFILES_MESSAGES.postsEmpty}</p>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">
        {isMine ? PROFILES_MESSAGES.postsEmptyMine : PROFILES_MESSAGES.postsEmptyHint}
      </p>
    </div>
  );
}
