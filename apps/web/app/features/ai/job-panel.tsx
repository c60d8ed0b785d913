import type { AiJob } from '@evcircle/contract/client';
import { Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import type { JobViewProps } from './job-view.tsx';
import { AI_MESSAGES } from './messages.ts';

const loadJobView = () => import('./job-view.tsx').then((module) => module.JobView);

/**
 * The job's code (progress, results, publishing) is not in the page's first load: it is
 * fetched once the page is idle, and the placeholder stays until it is there.
 */
const JobView = lazyComponent<JobViewProps>(loadJobView, () => <Placeholder />);

/**
 * The generation this visit started: a placeholder before the first, then the job as it
 * runs, its result or why it failed (job-view.tsx).
 */
export function JobPanel({ job, imageBase }: { job: AiJob | null; imageBase: string }) {
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => void loadJobView().catch(() => {}));
  }, []);
  return job ? <JobView job={job} imageBase={imageBase} /> : <Placeholder />;
}

function Placeholder() {
  return (
    <div
      data-testid="ai-job-empty"
      className="flex h-44 flex-col items-center justify-center rounded-2xl border-2 border-dashed md:aspect-[4/3] md:h-auto border-gray-200 px-6 text-center text-sm text-gray-400 dark:border-gray-800 dark:text-gray-500"
    >
      <Sparkles aria-hidden="true" className="mb-2 size-8" />
      {AI_MESSAGES.jobEmpty}
    </div>
  );
}
