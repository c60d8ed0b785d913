import { type Notification, type NotifyActor, resolveMediaUrl } from '@evcircle/contract/client';
import { Bell, type LucideIcon, Megaphone, ShieldCheck, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '~/lib/lazy-relative-time.tsx';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { NOTIFY_MESSAGES } from './messages.ts';

/** Where each actor of a stack sits in the 44 px square, and its size: the latest on top. */
const STACKS: Record<number, { size: number; at: [number, number][] }> = {
  2: {
    size: 30,
    at: [
      [14, 14],
      [0, 0],
    ],
  },
  3: {
    size: 26,
    at: [
      [9, 0],
      [0, 18],
      [18, 18],
    ],
  },
};

/** Up to three actors, the latest on top: one a full avatar, more a stack in the same square. */
function ActorStack({ actors, imageBase }: { actors: NotifyActor[]; imageBase: string }) {
  const stack = STACKS[actors.length];
  const [first] = actors;
  if (!stack) {
    return (
      <span data-testid="notify-actors" data-count={actors.length} className="flex shrink-0">
        {first ? <Avatar src={resolveMediaUrl(first.avatar, imageBase)} name={first.nickname} size={44} /> : null}
      </span>
    );
  }
  return (
    <span data-testid="notify-actors" data-count={actors.length} className="relative block size-11 shrink-0">
      {actors.map((actor, index) => {
        const [left, top] = stack.at[index] ?? [0, 0];
        return (
          <span
            key={actor.uid}
            className="absolute flex rounded-full ring-2 ring-white dark:ring-gray-950"
            // The latest actor (first) is drawn over the others.
            style={{ left, top, zIndex: actors.length - index }}
          >
            <Avatar src={resolveMediaUrl(actor.avatar, imageBase)} name={actor.nickname} size={stack.size} />
          </span>
        );
      })}
    </span>
  );
}

const NOTICE_ICONS: Record<string, LucideIcon> = { notice: Megaphone, moderation: ShieldCheck };

/** A notice without actors (system, team, or everyone who acted gone): its kind's icon instead. */
function KindIcon({ notification }: { notification: Notification }) {
  const Icon =
    notification.category === 'team'
      ? UsersRound
      : notification.category === 'system'
        ? (NOTICE_ICONS[notification.action] ?? Megaphone)
        : Bell;
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-400">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

type NotificationItemProps = {
  notification: Notification;
  /** Unread as shown: its own flag, unless the live counts say its list has none left. */
  isUnread: boolean;
  imageBase: string;
  /** Tapped: marks it read (and the link, when it has one, opens). */
  onOpen: (notification: Notification) => void;
};

/**
 * One notification: who (up to three avatars), the sentence, the comment or reply, the
 * post it is about, when, and a red dot while unread. Tapping opens its link.
 */
export function NotificationItem({ notification, isUnread, imageBase, onOpen }: NotificationItemProps) {
  const { actors, link, post_excerpt: excerpt } = notification;
  const isSystem = notification.category !== 'interaction';
  const headline = isSystem ? notification.title || notification.text : notification.text;
  // An interaction about a post or comment deleted since keeps its row but loses its link and excerpt.
  const isGone = !isSystem && notification.action !== 'follow' && link === '';
  const body: ReactNode = (
    <>
      {actors.length > 0 ? (
        <ActorStack actors={actors.slice(0, 3)} imageBase={imageBase} />
      ) : (
        <KindIcon notification={notification} />
      )}
      <span className="block min-w-0 flex-1">
        <span
          className={cn(
            'block text-[15px] leading-snug break-words text-gray-900 dark:text-gray-100',
            (isUnread || isSystem) && 'font-medium',
          )}
        >
          {headline}
        </span>
        {notification.content ? (
          <span
            className={cn(
              'mt-1 block text-sm leading-relaxed break-words text-gray-600 dark:text-gray-300',
              isSystem ? 'line-clamp-4' : 'line-clamp-2',
            )}
          >
            {notification.content}
          </span>
        ) : null}
        {excerpt || isGone ? (
          <span
            className={cn(
              'mt-2 block truncate rounded-md border-l-2 border-gray-300 bg-gray-50 px-2.5 py-1.5 text-[13px] text-gray-500',
              'dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400',
              isGone && 'italic',
            )}
          >
            {excerpt || NOTIFY_MESSAGES.deleted}
          </span>
        ) : null}
        <span className="mt-1.5 block text-xs text-gray-400 dark:text-gray-500">
          <RelativeTime iso={notification.updated_at} />
        </span>
      </span>
      <span className="flex w-2.5 shrink-0 justify-end pt-1.5">
        {isUnread ? (
          <span data-testid="notification-unread" className="size-2 rounded-full bg-red-500">
            <span className="sr-only">{NOTIFY_MESSAGES.unread}</span>
          </span>
        ) : null}
      </span>
    </>
  );
  const rowClass = 'flex w-full gap-3 px-4 py-3.5 text-left md:px-5';
  const tappable = cn(
    rowClass,
    'transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500 dark:hover:bg-gray-900/70',
  );
  return (
    <li data-testid="notification" data-id={notification.id} data-unread={isUnread ? 'true' : 'false'}>
      {link ? (
        <Link to={link} className={tappable} onClick={() => onOpen(notification)}>
          {body}
        </Link>
      ) : isUnread ? (
        <button type="button" className={tappable} onClick={() => onOpen(notification)}>
          {body}
        </button>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}

/** The shape of notifications while a tab or the next page loads. */
export function NotificationSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <li key={i} data-testid="notification-skeleton" aria-hidden="true" className="flex gap-3 px-4 py-3.5 md:px-5">
      <Skeleton className="size-11 shrink-0 rounded-full" />
      <div className="flex-1 space-y-2 pt-0.5">
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-3.5 w-4/5" />
        <Skeleton className="h-3 w-16" />
      </div>
    </li>
  ));
}
