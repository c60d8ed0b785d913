import { Bookmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

/** The frame of /bookmarks: the heading, then the login prompt for a visitor or the page. */
export function BookmarksPageFrame({ isGuest, children }: { isGuest: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-3 px-1 text-xl font-bold md:mb-4 md:text-2xl">{BOOKMARKS_MESSAGES.heading}</h1>
      {isGuest ? (
        <LoginPrompt
          icon={Bookmark}
          title={BOOKMARKS_MESSAGES.guestTitle}
          hint={BOOKMARKS_MESSAGES.guestHint}
          testId="bookmarks-guest"
        />
      ) : (
        children
      )}
    </div>
  );
}
