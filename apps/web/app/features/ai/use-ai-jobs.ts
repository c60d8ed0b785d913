import { type AiJob, ApiError, aiJob, REALTIME_EVENTS, STATUS } from '@evcircle/contract/client';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { useApi } from '~/lib/api.ts';
import { isJobActive, jobsReducer } from './generation-rules.ts';

/** How often a running job is asked for, in case the socket is down (its pushes come sooner). */
export const JOB_POLL_MS = 2000;

/**
 * The generation jobs the page follows. A job's progress arrives over the live connection
 * (ai:job); while any job runs it is also asked for every JOB_POLL_MS, and once at each
 * (re)connect, so a page without its socket still sees it through. `onEnded` hears each
 * followed job once as it succeeds or fails (to count the uses again, or refund).
 */
export function useAiJobs(onEnded: (job: AiJob) => void) {
  const api = useApi();
  const [jobs, dispatch] = useReducer(jobsReducer, {});
  const [round, setRound] = useState(0);
  // Which jobs are followed, known at once (a push may come before the page renders the job).
  const followed = useRef(new Set<number>());
  const report = useCallback((job: AiJob) => {
    followed.current.add(job.job_id);
    dispatch({ type: 'report', job });
  }, []);
  const forget = useCallback((jobId: number) => {
    followed.current.delete(jobId);
    dispatch({ type: 'forget', jobId });
  }, []);

  useLiveEvent<AiJob>(REALTIME_EVENTS.aiJob, (job) => {
    // Only jobs this page started or shows: another tab's generation is that tab's.
    if (followed.current.has(job.job_id)) dispatch({ type: 'report', job });
  });
  useLiveCatchUp(() => setRound((r) => r + 1));

  const activeKey = Object.values(jobs)
    .filter(isJobActive)
    .map((job) => job.job_id)
    .join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks again after each answer
  useEffect(() => {
    if (activeKey === '') return;
    let isOpen = true;
    const timer = setTimeout(async () => {
      const ids = activeKey.split(',').map(Number);
      await Promise.all(
        ids.map((id) =>
          api.call(aiJob, { job_id: id }).then(
            (job) => {
              if (isOpen) report(job);
            },
            (error: unknown) => {
              // Deleted meanwhile (another tab): nothing left to follow. A blip is asked again.
              if (isOpen && error instanceof ApiError && error.status === STATUS.NOT_FOUND) forget(id);
            },
          ),
        ),
      );
      if (isOpen) setRound((r) => r + 1);
    }, JOB_POLL_MS);
    return () => {
      isOpen = false;
      clearTimeout(timer);
    };
  }, [activeKey, round, api, report, forget]);

  // Each followed job's end, once.
  const ended = useRef(new Set<number>());
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  useEffect(() => {
    for (const job of Object.values(jobs)) {
      if (isJobActive(job) || ended.current.has(job.job_id)) continue;
      ended.current.add(job.job_id);
      onEndedRef.current(job);
    }
  }, [jobs]);

  return { jobs, report, forget };
}
