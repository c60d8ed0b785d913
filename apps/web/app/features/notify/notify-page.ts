import {
  type ApiClient,
  ApiError,
  type Notification,
  type NotifyUnread,
  notifyInteraction,
  notifyPager,
  notifySysPager,
  notifyTeam,
  PAGE_SIZE,
  STATUS,
  type WebLoadContext,
} from '@evcircle/contract/client';
import { serverApi } from '~/lib/api.ts';
import { type NotifyView, parseNotifyView } from './notify-rules.ts';

/** Notifications a page holds (the contract's default). */
export const NOTIFY_PAGE_SIZE = PAGE_SIZE.posts;

type NotifyPage = { items: Notification[]; unread: NotifyUnread | null };

/**
 * One page of a view's list. The first page of 互动 · 全部 and of 车队 come from the
 * notify-unified calls, which answer every list's unread counts too; the other pages and
 * lists from the pagers (no counts: the live connection keeps them).
 */
export async function fetchNotifyPage(api: ApiClient, view: NotifyView, page: number): Promise<NotifyPage> {
  const paging = { idx: page, size: NOTIFY_PAGE_SIZE };
  if (view.tab === 'team') {
    const answer = await api.call(notifyTeam, paging);
    return { items: answer.items, unread: answer.unread };
  }
  if (view.tab === 'system') {
    const answer = await api.call(notifySysPager, { ...paging, type: view.filter ?? undefined });
    return { items: answer.items, unread: null };
  }
  if (page === 1 && view.filter === null) {
    const answer = await api.call(notifyInteraction, paging);
    return { items: answer.items, unread: answer.unread };
  }
  const answer = await api.call(notifyPager, { ...paging, action: view.filter ?? undefined });
  return { items: answer.items, unread: null };
}

export type NotifyPageData =
  | { state: 'guest' }
  | { state: 'ok'; view: NotifyView; items: Notification[]; unread: NotifyUnread | null; imageBase: string };

/**
 * The /notification loader: the view of the address and its first page. Logged out is a
 * state of the page (it asks them to log in); a list that fails to load shows as empty
 * (SPEC.md §8: reads swallow their errors).
 */
export async function loadNotifyPage(context: WebLoadContext, request: Request): Promise<NotifyPageData> {
  const view = parseNotifyView(new URL(request.url).searchParams);
  const imageBase = context.publicConfig.imageBase;
  try {
    const { items, unread } = await fetchNotifyPage(serverApi(context), view, 1);
    return { state: 'ok', view, items, unread, imageBase };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' };
    console.error('[notification] list failed', error);
    return { state: 'ok', view, items: [], unread: null, imageBase };
  }
}
