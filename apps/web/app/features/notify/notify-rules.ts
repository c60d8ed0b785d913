import {
  INTERACTION_ACTIONS,
  type InteractionAction,
  type Notification,
  type NotifyCategory,
  type NotifyUnread,
  SYSTEM_TYPES,
  type SystemType,
} from '@evcircle/contract/client';

/**
 * What /notification shows: a tab (a list of SPEC.md §7) and, for 互动 and 系统, one
 * filter chip (null: 全部). It lives in the address (?tab=system&filter=notice), so a
 * reload, the back button and a shared link keep it.
 */
export type NotifyView =
  | { tab: 'interaction'; filter: InteractionAction | null }
  | { tab: 'system'; filter: SystemType | null }
  | { tab: 'team'; filter: null };

export const NOTIFY_PATH = '/notification';

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return list.includes(value as T) ? (value as T) : null;
}

/** The view an address asks for; anything unknown falls back to 互动 · 全部. */
export function parseNotifyView(params: URLSearchParams): NotifyView {
  const tab = params.get('tab');
  const filter = params.get('filter');
  if (tab === 'system') return { tab, filter: oneOf(SYSTEM_TYPES, filter) };
  if (tab === 'team') return { tab, filter: null };
  return { tab: 'interaction', filter: oneOf(INTERACTION_ACTIONS, filter) };
}

/** The address of a view: /notification itself for 互动 · 全部. */
export function notifyHref(view: NotifyView): string {
  const params = new URLSearchParams();
  if (view.tab !== 'interaction') params.set('tab', view.tab);
  if (view.filter) params.set('filter', view.filter);
  const query = params.toString();
  return query ? `${NOTIFY_PATH}?${query}` : NOTIFY_PATH;
}

/** Whether a notification pushed live belongs in the list on screen (a system notice's `action` is its type). */
export function isInView(view: NotifyView, notification: Notification): boolean {
  if (notification.category !== view.tab) return false;
  return view.filter === null || notification.action === view.filter;
}

/**
 * The list with a notification pushed live on top: a collapsed one that gathered one
 * more actor replaces its old row (the list is newest activity first, as the server's).
 */
export function withLive(items: readonly Notification[], notification: Notification): Notification[] {
  return [notification, ...items.filter((item) => item.id !== notification.id)];
}

/**
 * The list after fetching its first page again (the connection came up): each fetched
 * notification replaces the shown one of the same id unless that one is newer (a push
 * that arrived while the fetch was on its way), the others stay (later pages, pushes),
 * newest first as the server orders them.
 */
export function withFetched(items: readonly Notification[], fetched: readonly Notification[]): Notification[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const notification of fetched) {
    const shown = byId.get(notification.id);
    if (!shown || Date.parse(shown.updated_at) <= Date.parse(notification.updated_at)) {
      byId.set(notification.id, notification);
    }
  }
  return [...byId.values()].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
}

/** Unread in a tab (or, for an interaction chip, in that action); null before any count is known. */
export function unreadOf(
  counts: NotifyUnread | null,
  tab: NotifyCategory,
  action: InteractionAction | null = null,
): number | null {
  if (!counts) return null;
  return action ? counts[action] : counts[tab];
}

/** Which empty state a view shows (NOTIFY_MESSAGES.empty): its filter's, or its tab's. */
export function emptyKeyOf(view: NotifyView): NotifyCategory | InteractionAction | SystemType {
  return view.filter ?? view.tab;
}
