import { formatMessage } from '@evcircle/contract/client';
import { CloudCheck, CloudOff, LoaderCircle } from 'lucide-react';
import { formatClock } from '~/features/drafts/index.ts';
import { cn } from '~/ui/cn.ts';
import { PUBLISH_MESSAGES } from './messages.ts';
import type { SaveStatus } from './use-draft-autosave.ts';

/** The composer's autosave line: 自动保存中…, 已自动保存 14:03, or why saving failed. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  if (status.state === 'idle') return null;
  return (
    <p
      data-testid="save-status"
      aria-live="polite"
      className={cn(
        'flex items-center gap-1 truncate',
        status.state === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-gray-400 dark:text-gray-500',
      )}
    >
      {status.state === 'saving' ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-3.5 shrink-0 animate-spin" />
          {PUBLISH_MESSAGES.autosaving}
        </>
      ) : status.state === 'saved' ? (
        <>
          <CloudCheck aria-hidden="true" className="size-3.5 shrink-0" />
          {formatMessage(status.isAuto ? PUBLISH_MESSAGES.autosaved : PUBLISH_MESSAGES.saved, {
            time: formatClock(status.at),
          })}
        </>
      ) : (
        <>
          <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate" title={status.message}>
            {status.message === PUBLISH_MESSAGES.draftSaveFailed ? PUBLISH_MESSAGES.autosaveFailed : status.message}
          </span>
        </>
      )}
    </p>
  );
}
