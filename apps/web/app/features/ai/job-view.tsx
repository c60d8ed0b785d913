import { type AiJob, formatMessage } from '@evcircle/contract/client';
import { CircleAlert } from 'lucide-react';
import { cn } from '~/ui/cn.ts';
import { isJobActive } from './generation-rules.ts';
import { JobResults, PublishJobButton } from './job-results.tsx';
import { AI_MESSAGES } from './messages.ts';

// A generation job as the /ai page shows it once one has started (loaded then, not with
// the page): its progress, its result or why it failed. The history's cards use the parts.

/** A job's progress: the state text, the percentage and the bar. */
export function JobProgress({ job, className }: { job: AiJob; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(job.progress)));
  return (
    <div className={className}>
      <div className="flex items-center justify-between text-sm">
        <span data-testid="ai-job-state" className="font-medium text-primary-700 dark:text-primary-300">
          {job.state_text}
        </span>
        <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={AI_MESSAGES.jobProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="ai-job-progress"
        className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-primary-500 to-violet-500 transition-[width] duration-500"
          style={{ width: `${Math.max(percent, 3)}%` }}
        />
      </div>
    </div>
  );
}

/** Why a job failed, and the points given back. */
export function JobFailure({ job }: { job: AiJob }) {
  return (
    <div
      role="alert"
      data-testid="ai-job-failed"
      className="flex gap-2 rounded-xl bg-red-50 px-3 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p>{job.error || job.state_text}</p>
        {job.refunded && job.points > 0 ? (
          <p className="mt-1 text-xs opacity-80">{formatMessage(AI_MESSAGES.refunded, { points: job.points })}</p>
        ) : null}
      </div>
    </div>
  );
}

/** The job this visit started: its state and progress bar over a box of the picture's shape, its result with download and 发布为动态, or why it failed. */
export type JobViewProps = { job: AiJob; imageBase: string };

export function JobView({ job, imageBase }: JobViewProps) {
  const isActive = isJobActive(job);
  return (
    <section
      aria-labelledby="ai-job-title"
      aria-busy={isActive}
      data-testid="ai-job"
      data-state={job.state}
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <h2 id="ai-job-title" className="sr-only">
        {AI_MESSAGES.jobTitle}
      </h2>
      <p className="mb-3 line-clamp-2 text-sm text-gray-600 dark:text-gray-300" data-testid="ai-job-prompt">
        {job.prompt}
      </p>
      {isActive ? (
        <>
          <div
            aria-hidden="true"
            className={cn(
              'mb-4 max-h-[55vh] w-full animate-pulse rounded-xl bg-gradient-to-br from-primary-100 via-violet-100 to-amber-50',
              'dark:from-primary-950 dark:via-violet-950 dark:to-gray-900',
            )}
            style={{ aspectRatio: job.width > 0 && job.height > 0 ? `${job.width} / ${job.height}` : '1 / 1' }}
          />
          <JobProgress job={job} />
        </>
      ) : job.state === 'failed' ? (
        <JobFailure job={job} />
      ) : (
        <>
          <JobResults job={job} imageBase={imageBase} />
          <div className="mt-3 flex items-center justify-between gap-3">
            <span className="text-xs text-gray-500 dark:text-gray-400" data-testid="ai-job-state">
              {job.state_text}
            </span>
            <PublishJobButton job={job} />
          </div>
        </>
      )}
    </section>
  );
}
