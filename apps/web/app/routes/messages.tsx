import { ApiError, messagesList, PAGE_SIZE, STATUS } from '@evcircle/contract/client';
import { MessagesSquare } from 'lucide-react';
import type { ShouldRevalidateFunction } from 'react-router';
import { LoginPrompt } from '~/features/auth/index.ts';
import { CHAT_MESSAGES, MessagesView } from '~/features/chat/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/messages';

export async function loader({ context }: Route.LoaderArgs) {
  const imageBase = context.publicConfig.imageBase;
  try {
    const page = await serverApi(context).call(messagesList, { idx: 1, size: PAGE_SIZE.chats });
    return { state: 'ok' as const, conversations: page.items, unreadTotal: page.unread_total, imageBase };
  } catch (error) {
    // Logged out is a state of this page: it asks them to log in.
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    // Anything else: the page shows, and the browser fetches the list again (with a retry).
    console.error('[messages] conversations failed', error);
    return { state: 'ok' as const, conversations: null, unreadTotal: null, imageBase };
  }
}

/**
 * Opening another conversation changes only `?with=`: the list stays as it is (it follows
 * pushed messages itself). A login, a logout or an explicit revalidation loads it again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = () => [
  { title: CHAT_MESSAGES.documentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'guest') {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8">
        <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{CHAT_MESSAGES.heading}</h1>
        <LoginPrompt
          icon={MessagesSquare}
          title={CHAT_MESSAGES.guestTitle}
          hint={CHAT_MESSAGES.guestHint}
          testId="messages-guest"
        />
      </div>
    );
  }
  return (
    <MessagesView
      firstPage={loaderData.conversations}
      unreadTotal={loaderData.unreadTotal}
      imageBase={loaderData.imageBase}
    />
  );
}
