import { Bell } from 'lucide-react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { loadNotifyPage, NOTIFY_MESSAGES, NotificationCenter } from '~/features/notify/index.ts';
import type { Route } from './+types/notification';

/**
 * /notification (SPEC.md §2, default layout; §7 "Chat, messages, notifications"): the
 * viewer's 互动 / 系统 / 车队 notifications; ?tab=…&filter=… is the tab and chip shown.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNotifyPage(context, request);
}

export const meta: Route.MetaFunction = () => [
  { title: NOTIFY_MESSAGES.documentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function NotificationPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'guest') {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8 md:pb-10">
        <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{NOTIFY_MESSAGES.heading}</h1>
        <LoginPrompt
          icon={Bell}
          title={NOTIFY_MESSAGES.guestTitle}
          hint={NOTIFY_MESSAGES.guestHint}
          testId="notification-guest"
        />
      </div>
    );
  }
  return (
    <NotificationCenter
      view={loaderData.view}
      items={loaderData.items}
      unread={loaderData.unread}
      imageBase={loaderData.imageBase}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
