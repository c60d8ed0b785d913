import {
  formatMessage,
  INTERACTION_ACTIONS,
  markAsRead,
  NOTIFY_CATEGORIES,
  type Notification,
  type NotifyUnread,
  REALTIME_EVENTS,
  SYSTEM_TYPES,
} from '@evcircle/contract/client';
import { Bell, CheckCheck, type LucideIcon, Megaphone, UsersRound } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link, useNavigation } from 'react-router';
import { badgeText } from '~/features/cart/index.ts';
import { useLiveCatchUp, useLiveEvent, useUnreadTotals } from '~/features/realtime/index.ts';
import { useApi } from '~/lib/api.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { useToast } from '~/ui/toast.tsx';
import { NOTIFY_MESSAGES } from './messages.ts';
import { NotificationItem, NotificationSkeletons } from './notification-item.tsx';
import { fetchNotifyPage, NOTIFY_PAGE_SIZE } from './notify-page.ts';
import {
  emptyKeyOf,
  isInView,
  NOTIFY_PATH,
  type NotifyView,
  notifyHref,
  parseNotifyView,
  unreadOf,
  withFetched,
  withLive,
} from './notify-rules.ts';

/** 互动 / 系统 / 车队, each with its unread count. */
function NotifyTabs({ view, counts }: { view: NotifyView; counts: NotifyUnread | null }) {
  return (
    <nav aria-label={NOTIFY_MESSAGES.tabs} className="flex border-b border-gray-200 dark:border-gray-800">
      {NOTIFY_CATEGORIES.map((tab) => {
        const count = badgeText(unreadOf(counts, tab));
        const isActive = tab === view.tab;
        return (
          <Link
            key={tab}
            to={notifyHref({ tab, filter: null })}
            replace
            aria-current={isActive ? 'page' : undefined}
            data-testid={`notify-tab-${tab}`}
            className={cn(
              '-mb-px flex h-11 flex-1 items-center justify-center gap-1.5 border-b-2 text-[15px] transition-colors md:flex-none md:px-6',
              isActive
                ? 'border-primary-600 font-semibold text-gray-900 dark:border-primary-400 dark:text-white'
                : 'border-transparent text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
            )}
          >
            {NOTIFY_MESSAGES.tabLabels[tab]}
            {count ? (
              <>
                <span
                  aria-hidden="true"
                  data-testid={`notify-tab-${tab}-count`}
                  className="min-w-4.5 rounded-full bg-red-600 px-1.5 text-center text-[11px] leading-4.5 font-semibold text-white tabular-nums"
                >
                  {count}
                </span>
                <span className="sr-only">{formatMessage(NOTIFY_MESSAGES.unreadCount, { count })}</span>
              </>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

type Chip = { view: NotifyView; label: string; hasUnread: boolean };

/** The chips of a tab: 全部 and one per kind (互动 by action, 系统 by notice type); 车队 has none. */
function chipsOf(tab: NotifyView['tab'], counts: NotifyUnread | null): Chip[] {
  if (tab === 'interaction') {
    return [
      { view: { tab, filter: null }, label: NOTIFY_MESSAGES.all, hasUnread: false },
      ...INTERACTION_ACTIONS.map((action) => ({
        view: { tab, filter: action },
        label: NOTIFY_MESSAGES.actionLabels[action],
        hasUnread: (unreadOf(counts, tab, action) ?? 0) > 0,
      })),
    ];
  }
  if (tab === 'system') {
    return [
      { view: { tab, filter: null }, label: NOTIFY_MESSAGES.all, hasUnread: false },
      ...SYSTEM_TYPES.map((type) => ({
        view: { tab, filter: type },
        label: NOTIFY_MESSAGES.systemLabels[type],
        hasUnread: false,
      })),
    ];
  }
  return [];
}

/** The filter chips under the tabs; a red dot on a kind with unread notifications. */
function FilterChips({ view, counts }: { view: NotifyView; counts: NotifyUnread | null }) {
  const chips = chipsOf(view.tab, counts);
  if (chips.length === 0) return null;
  return (
    <nav
      aria-label={NOTIFY_MESSAGES.filters}
      className="flex gap-2 overflow-x-auto px-4 py-2.5 [scrollbar-width:none] md:px-1"
    >
      {chips.map((chip) => {
        const isActive = chip.view.filter === view.filter;
        return (
          <Link
            key={chip.view.filter ?? 'all'}
            to={notifyHref(chip.view)}
            replace
            aria-current={isActive ? 'page' : undefined}
            data-testid={`notify-filter-${chip.view.filter ?? 'all'}`}
            className={cn(
              'relative shrink-0 rounded-full px-3.5 py-1 text-sm whitespace-nowrap transition-colors',
              isActive
                ? 'bg-primary-600 font-medium text-white dark:bg-primary-500'
                : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:hover:bg-gray-700',
            )}
          >
            {chip.label}
            {chip.hasUnread ? (
              <span className="absolute top-0.5 right-1 size-1.5 rounded-full bg-red-500">
                <span className="sr-only">{NOTIFY_MESSAGES.unread}</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

const EMPTY_ICONS: Record<NotifyView['tab'], LucideIcon> = { interaction: Bell, system: Megaphone, team: UsersRound };

/** Nothing in this tab (or under this chip): what would appear here, in words. */
function NotifyEmpty({ view }: { view: NotifyView }) {
  const { title, hint } = NOTIFY_MESSAGES.empty[emptyKeyOf(view)];
  const Icon = EMPTY_ICONS[view.tab];
  return (
    <div data-testid="notify-empty" className="flex flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gray-100 dark:bg-gray-900">
        <Icon aria-hidden="true" className="size-8 text-gray-400 dark:text-gray-500" />
      </span>
      <p className="mt-5 text-base font-medium">{title}</p>
      <p className="mt-2 max-w-xs text-sm text-gray-500 dark:text-gray-400">{hint}</p>
    </div>
  );
}

type NotificationCenterProps = {
  view: NotifyView;
  /** The view's first page, from the loader. */
  items: Notification[];
  /** The unread counts the loader learnt (null when its call does not answer them). */
  unread: NotifyUnread | null;
  imageBase: string;
};

/**
 * /notification for a logged-in viewer: the tabs and chips (links: the view is in the
 * address), the list paged as its end comes into view, new notifications arriving live
 * at the top, tapping one or 全部已读 marking read (the badges drop when the server
 * pushes the new counts), and the list fetched again after a reconnect.
 */
export function NotificationCenter({ view, items: firstPage, unread, imageBase }: NotificationCenterProps) {
  const api = useApi();
  const toast = useToast();
  const navigation = useNavigation();
  // Another tab or chip on its way: its tabs show at once, skeletons stand for its list.
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === NOTIFY_PATH
      ? parseNotifyView(new URLSearchParams(navigation.location.search))
      : null;
  // The live counts once the connection has pushed them; the loader's until then.
  const counts = useUnreadTotals().notify ?? unread;
  const fetchPage = useCallback(async (page: number) => (await fetchNotifyPage(api, view, page)).items, [api, view]);
  const { items, status, page, loadMore, updateItems } = usePagedList({
    firstPage,
    size: NOTIFY_PAGE_SIZE,
    fetchPage,
    keyOf: (notification) => notification.id,
  });
  const sentinel = useLoadMoreSentinel(status, () => void loadMore());
  const [isMarking, setIsMarking] = useState(false);

  useLiveEvent<Notification>(REALTIME_EVENTS.notification, (notification) => {
    if (isInView(view, notification)) updateItems((list) => withLive(list, notification));
  });
  // When the connection comes up (first, or back after a loss): the list as it is now
  // (what arrived before the pushes could reach this tab, what was read elsewhere).
  // The view on show now: a catch-up that answers after the reader moved to another tab or
  // chip must not pour its rows into the new list (a slow answer came late).
  const shownView = useRef(view);
  shownView.current = view;
  useLiveCatchUp(() => {
    const asked = shownView.current;
    fetchNotifyPage(api, asked, 1).then(
      (fresh) => {
        const now = shownView.current;
        if (now.tab === asked.tab && now.filter === asked.filter) updateItems((list) => withFetched(list, fresh.items));
      },
      () => {},
    );
  });

  const tabUnread = unreadOf(counts, view.tab);
  // The live count of the list at 0 (read on another device, or all marked): no dots left.
  const isUnread = (notification: Notification) => !notification.is_read && tabUnread !== 0;
  const hasUnread = tabUnread === null ? items.some((notification) => !notification.is_read) : tabUnread > 0;

  const open = (notification: Notification) => {
    if (!isUnread(notification)) return;
    updateItems((list) => list.map((item) => (item.id === notification.id ? { ...item, is_read: true } : item)));
    // NOTE: the link opens at once, without waiting; should the mark fail, the list shows
    // it unread again the next time it loads, which is all there is to tell.
    api.call(markAsRead, { message_type: notification.category, id: notification.id }).catch(() => {});
  };

  const markAll = async () => {
    const wasUnread = new Set(items.filter((item) => !item.is_read).map((item) => item.id));
    setIsMarking(true);
    updateItems((list) => list.map((item) => (item.is_read ? item : { ...item, is_read: true })));
    try {
      await api.call(markAsRead, { message_type: view.tab });
    } catch {
      updateItems((list) => list.map((item) => (wasUnread.has(item.id) ? { ...item, is_read: false } : item)));
      toast.show(NOTIFY_MESSAGES.markAllReadFailed, { tone: 'error' });
    } finally {
      setIsMarking(false);
    }
  };

  const shown = pending ?? view;
  let list: ReactNode;
  if (pending) {
    list = (
      <ul aria-hidden="true" className="divide-y divide-gray-100 dark:divide-gray-800/70">
        <NotificationSkeletons count={6} />
      </ul>
    );
  } else if (items.length === 0 && status === 'done') {
    list = <NotifyEmpty view={view} />;
  } else {
    list = (
      <>
        <ul data-testid="notification-list" className="divide-y divide-gray-100 dark:divide-gray-800/70">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              isUnread={isUnread(notification)}
              imageBase={imageBase}
              onOpen={open}
            />
          ))}
          {status === 'loading' ? <NotificationSkeletons count={3} /> : null}
        </ul>
        <div ref={sentinel} aria-hidden="true" className="h-px" />
        {/* One short page needs no 没有更多了 under it. */}
        {status === 'done' && page <= 1 ? null : <ListFooter status={status} onLoadMore={loadMore} />}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl pb-6 md:px-6 md:pt-4 md:pb-10">
      <div className="flex items-center justify-between gap-3 px-4 pt-3 pb-1 md:px-1">
        <h1 className="text-xl font-bold md:text-2xl">{NOTIFY_MESSAGES.heading}</h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void markAll()}
          disabled={!hasUnread || isMarking || pending !== null}
          data-testid="notify-mark-all"
          className="-mr-2 shrink-0 disabled:text-gray-400 disabled:hover:bg-transparent dark:disabled:text-gray-600"
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          {NOTIFY_MESSAGES.markAllRead}
        </Button>
      </div>
      {/* The tabs stay under the site's top bar (3 rem on phones, 4 on desktop) while the list scrolls. */}
      <div className="sticky top-12 z-20 bg-white md:top-16 dark:bg-gray-950">
        <NotifyTabs view={shown} counts={counts} />
        <FilterChips view={shown} counts={counts} />
      </div>
      <section
        aria-label={formatMessage(NOTIFY_MESSAGES.list, { tab: NOTIFY_MESSAGES.tabLabels[shown.tab] })}
        aria-busy={pending !== null || status === 'loading'}
      >
        {list}
      </section>
    </div>
  );
}
