import {
  ApiError,
  formatMessage,
  PAGE_SIZE,
  type ReportItem,
  reportQueue,
  reportResolve,
} from '@evcircle/contract/client';
import { Check, Flag, LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { REPORTS_MESSAGES } from './messages.ts';

export type QueueStatus = ReportItem['status'];
export const QUEUE_STATUSES: readonly QueueStatus[] = ['open', 'removed', 'dismissed'];

type ReportQueueProps = { status: QueueStatus; firstPage: ReportItem[] };

/**
 * The moderation queue (admins): reports of one status, oldest open first, each with
 * what was reported and 删除内容 / 驳回 while open. Settling one settles every open report
 * of the same target, so those leave the list together.
 */
export function ReportQueue({ status, firstPage }: ReportQueueProps) {
  const api = useApi();
  const size = PAGE_SIZE.posts;
  const list = usePagedList({
    firstPage,
    size,
    fetchPage: (page) => api.call(reportQueue, { status, page, size }),
    keyOf: (item) => item.id,
  });

  return (
    <div>
      <nav aria-label={REPORTS_MESSAGES.adminHeading} className="flex gap-2 overflow-x-auto pb-1">
        {QUEUE_STATUSES.map((s) => (
          <Link
            key={s}
            to={s === 'open' ? '/admin/reports' : `/admin/reports?status=${s}`}
            aria-current={s === status ? 'page' : undefined}
            data-testid={`queue-tab-${s}`}
            className={cn(
              'shrink-0 rounded-full px-4 py-1.5 text-sm font-medium transition-colors',
              s === status
                ? 'bg-primary-600 text-white'
                : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700',
            )}
          >
            {REPORTS_MESSAGES.tabs[s]}
          </Link>
        ))}
      </nav>

      {list.items.length === 0 && list.status !== 'loading' ? (
        <div data-testid="queue-empty" className="flex flex-col items-center py-20 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-gray-100 dark:bg-gray-800">
            <Flag aria-hidden="true" className="size-7 text-gray-400" />
          </span>
          <p className="mt-4 text-sm text-gray-500 dark:text-gray-400">{REPORTS_MESSAGES.queueEmpty}</p>
        </div>
      ) : (
        <ul data-testid="report-queue" className="mt-4 space-y-3">
          {list.items.map((item) => (
            <ReportCard
              key={item.id}
              item={item}
              onSettled={() =>
                list.updateItems((items) =>
                  items.filter((i) => !(i.target_type === item.target_type && i.target_id === item.target_id)),
                )
              }
            />
          ))}
        </ul>
      )}

      {list.status === 'idle' && list.items.length > 0 ? (
        <div className="flex justify-center pt-4">
          <Button variant="outline" size="sm" onClick={() => void list.loadMore()}>
            {REPORTS_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
      {list.status === 'error' ? (
        <div className="flex items-center justify-center gap-3 py-4 text-sm text-gray-500">
          {REPORTS_MESSAGES.queueFailed}
          <Button variant="outline" size="sm" onClick={() => void list.loadMore()}>
            {REPORTS_MESSAGES.retry}
          </Button>
        </div>
      ) : null}
      {list.status === 'loading' ? (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-gray-500">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {REPORTS_MESSAGES.loading}
        </p>
      ) : null}
    </div>
  );
}

function targetLink(item: ReportItem): string {
  if (item.target_type === 'post') return `/post/${item.target_id}`;
  return `/user/${item.target_uid}`;
}

function ReportCard({ item, onSettled }: { item: ReportItem; onSettled: () => void }) {
  const api = useApi();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'remove' | 'dismiss' | null>(null);
  const isOpen = item.status === 'open';
  const canRemove = item.target_type !== 'user';
  const typeLabel = REPORTS_MESSAGES.targetType[item.target_type];

  async function settle(action: 'remove' | 'dismiss') {
    setPending(action);
    try {
      await api.call(reportResolve, { id: item.id, action });
      toast.show(action === 'remove' ? REPORTS_MESSAGES.removed : REPORTS_MESSAGES.dismissed, { tone: 'success' });
      setConfirming(false);
      onSettled();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : REPORTS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setPending(null);
    }
  }

  return (
    <li
      data-testid="report-item"
      data-target={`${item.target_type}:${item.target_id}`}
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-gray-100 px-2 py-0.5 font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200">
          {typeLabel}
        </span>
        <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700 dark:bg-red-950/60 dark:text-red-300">
          {item.reason_label}
        </span>
        {item.target_reports > 1 ? (
          <span className="text-amber-700 dark:text-amber-400">
            {formatMessage(REPORTS_MESSAGES.reportCount, { count: item.target_reports })}
          </span>
        ) : null}
        <span className="ml-auto text-gray-400 tabular-nums">{formatDateTime(item.atime)}</span>
      </div>

      <Link
        to={targetLink(item)}
        className="mt-3 block rounded-xl bg-gray-50 px-3 py-2.5 text-sm leading-relaxed break-words whitespace-pre-line hover:bg-gray-100 dark:bg-gray-950 dark:hover:bg-gray-800"
      >
        {item.target_summary ? (
          <span data-testid="report-summary" className="line-clamp-4">
            {item.target_summary}
          </span>
        ) : (
          <span className="text-gray-400">{REPORTS_MESSAGES.targetGone}</span>
        )}
      </Link>

      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
        <span>
          {formatMessage(item.target_type === 'user' ? REPORTS_MESSAGES.targetUser : REPORTS_MESSAGES.targetAuthor, {
            uid: item.target_uid,
          })}
        </span>
        <span>{formatMessage(REPORTS_MESSAGES.reporter, { name: item.reporter.uname })}</span>
      </p>
      {item.detail ? (
        <p className="mt-1 text-xs break-words text-gray-600 dark:text-gray-300">
          {formatMessage(REPORTS_MESSAGES.detail, { detail: item.detail })}
        </p>
      ) : null}

      {isOpen ? (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
          {canRemove ? null : (
            <span className="mr-auto text-xs text-gray-400">{REPORTS_MESSAGES.userCannotRemove}</span>
          )}
          <Button
            variant="outline"
            size="sm"
            data-testid="report-dismiss"
            disabled={pending !== null}
            onClick={() => void settle('dismiss')}
          >
            {pending === 'dismiss' ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Check aria-hidden="true" className="size-4" />
            )}
            {REPORTS_MESSAGES.dismiss}
          </Button>
          {canRemove ? (
            <Button
              size="sm"
              data-testid="report-remove"
              disabled={pending !== null}
              onClick={() => setConfirming(true)}
              className="bg-red-600 hover:bg-red-700 disabled:bg-red-300 dark:disabled:bg-red-900"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {REPORTS_MESSAGES.remove}
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmSheet
        open={confirming}
        title={formatMessage(REPORTS_MESSAGES.removeConfirmTitle, { type: typeLabel })}
        hint={REPORTS_MESSAGES.removeConfirmHint}
        confirmLabel={REPORTS_MESSAGES.remove}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => settle('remove')}
        data-testid="remove-confirm"
      />
    </li>
  );
}
