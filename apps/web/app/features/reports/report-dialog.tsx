import {
  ApiError,
  formatMessage,
  REPORT_DETAIL_MAX_LENGTH,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
  reportSave,
  STATUS,
} from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { REPORTS_MESSAGES } from './messages.ts';

export type ReportSubject = { type: ReportTarget; id: number; name: string };

const REASONS = Object.entries(REPORT_REASONS) as [ReportReason, string][];

type ReportDialogProps = {
  /** What is reported; null keeps the dialog closed. */
  subject: ReportSubject | null;
  onClose: () => void;
};

/**
 * 举报: a reason from the fixed list and an optional note, sent with report/save; the
 * answer (done, already reported, gone) is toasted. Callers check login before opening.
 * A bottom sheet on phones, a centred dialog on desktop.
 */
export function ReportDialog({ subject, onClose }: ReportDialogProps) {
  return (
    <Sheet
      open={subject !== null}
      onClose={onClose}
      title={subject ? REPORTS_MESSAGES.reportTitle[subject.type] : ''}
      data-testid="report-dialog"
    >
      {subject ? <ReportForm key={`${subject.type}-${subject.id}`} subject={subject} onDone={onClose} /> : null}
    </Sheet>
  );
}

function ReportForm({ subject, onDone }: { subject: ReportSubject; onDone: () => void }) {
  const api = useApi();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const legendId = useId();
  const detailId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(REPORTS_MESSAGES.chooseReason);
      return;
    }
    setIsPending(true);
    setError(null);
    try {
      await api.call(reportSave, { target_type: subject.type, target_id: subject.id, reason, detail: detail.trim() });
      toast.show(REPORTS_MESSAGES.reported, { tone: 'success' });
      onDone();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : REPORTS_MESSAGES.failed;
      // Already reported or gone: nothing to fix in the form, so say it and close.
      if (err instanceof ApiError && (err.status === STATUS.CONFLICT || err.status === STATUS.NOT_FOUND)) {
        toast.show(message);
        onDone();
        return;
      }
      setError(message);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-4">
      <p className="truncate text-sm text-gray-500 dark:text-gray-400">
        {formatMessage(REPORTS_MESSAGES.reportSubject[subject.type], { name: subject.name })}
      </p>
      <fieldset aria-labelledby={legendId} aria-describedby={error ? errorId : undefined}>
        <legend id={legendId} className="mb-2 text-sm font-medium">
          {REPORTS_MESSAGES.reasonLegend}
        </legend>
        <div className="grid grid-cols-2 gap-2">
          {REASONS.map(([code, label]) => (
            <label
              key={code}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2.5 text-sm transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-500',
                reason === code
                  ? 'border-primary-500 bg-primary-50 text-primary-800 dark:border-primary-400 dark:bg-primary-950/60 dark:text-primary-200'
                  : 'border-gray-200 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800',
              )}
            >
              <input
                type="radio"
                name="reason"
                value={code}
                checked={reason === code}
                onChange={() => {
                  setReason(code);
                  setError(null);
                }}
                className="size-4 accent-primary-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={detailId} className="text-sm font-medium">
            {REPORTS_MESSAGES.detailLabel}
          </label>
          <span className="text-xs text-gray-400 tabular-nums">
            {formatMessage(REPORTS_MESSAGES.detailCount, { count: detail.length, max: REPORT_DETAIL_MAX_LENGTH })}
          </span>
        </div>
        <textarea
          id={detailId}
          data-testid="report-detail"
          value={detail}
          maxLength={REPORT_DETAIL_MAX_LENGTH}
          rows={3}
          placeholder={REPORTS_MESSAGES.detailPlaceholder}
          onChange={(event) => setDetail(event.target.value)}
          className="w-full resize-none rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm outline-none placeholder:text-gray-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 dark:border-gray-700 dark:bg-gray-950"
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button type="submit" data-testid="report-submit" disabled={isPending} className="w-full">
        {isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
        {isPending ? REPORTS_MESSAGES.submitting : REPORTS_MESSAGES.submit}
      </Button>
    </form>
  );
}
