import { ApiError, draftRelease, STATUS } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { type ComposerState, isBlank, postFields, snapshotKey } from './composer-state.ts';
import { PUBLISH_MESSAGES } from './messages.ts';

/** How long after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date; isAuto: boolean }
  | { state: 'failed'; message: string };

type Options = {
  state: ComposerState;
  /** The draft being edited (from `?did=`), null for a new post. */
  initialDid: number | null;
  /** The first save made a new draft (its did goes into the address). */
  onCreated: (did: number) => void;
  /** While true (publishing), no autosave starts. */
  isPaused: boolean;
};

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : PUBLISH_MESSAGES.draftSaveFailed;
}

/**
 * Keeps the composer in the drafts: AUTOSAVE_DELAY_MS after the last change it saves
 * (draftRelease creates the draft the first time, then updates the same did). Saves run
 * one after another, so a second save never creates a second draft. `isDirty` says
 * whether anything a draft keeps has changed since the last save.
 */
export function useDraftAutosave({ state, initialDid, onCreated, isPaused }: Options) {
  const api = useApi();
  const [did, setDid] = useState(initialDid);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const didRef = useRef(initialDid);
  const savedKey = useRef(snapshotKey(state));
  const stateRef = useRef(state);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pausedRef = useRef(isPaused);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    stateRef.current = state;
    pausedRef.current = isPaused;
    onCreatedRef.current = onCreated;
  });

  const key = snapshotKey(state);
  const isDirty = key !== savedKey.current && !isBlank(state);

  /** Saves now (after any save already running). Answers false when there was nothing to save. */
  const save = useCallback(
    (isAuto = false): Promise<boolean> => {
      const run = async (): Promise<boolean> => {
        const current = stateRef.current;
        if (isBlank(current)) return false;
        const currentKey = snapshotKey(current);
        if (currentKey === savedKey.current && didRef.current !== null) return true;
        setStatus({ state: 'saving' });
        const send = () => api.call(draftRelease, { ...postFields(current), did: didRef.current ?? undefined });
        try {
          let result: { did: number };
          try {
            result = await send();
          } catch (error) {
            // The draft was deleted elsewhere (another tab, the drafts list): keep the text as a new one.
            if (!(error instanceof ApiError && error.status === STATUS.NOT_FOUND && didRef.current !== null))
              throw error;
            didRef.current = null;
            result = await send();
          }
          const isNew = didRef.current !== result.did;
          didRef.current = result.did;
          savedKey.current = currentKey;
          setDid(result.did);
          setStatus({ state: 'saved', at: new Date(), isAuto });
          if (isNew) onCreatedRef.current(result.did);
          return true;
        } catch (error) {
          setStatus({ state: 'failed', message: messageOf(error) });
          throw error;
        }
      };
      const next = chain.current.then(run, run);
      chain.current = next.catch(() => undefined);
      return next;
    },
    [api],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change (a new key) restarts the delay
  useEffect(() => {
    if (!isDirty || isPaused) return;
    const timer = setTimeout(() => {
      if (!pausedRef.current) save(true).catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, isDirty, isPaused, save]);

  /** Waits for the save that runs, if any; answers the draft's did afterwards. */
  const settle = useCallback(async (): Promise<number | null> => {
    await chain.current;
    return didRef.current;
  }, []);

  /** The current state no longer counts as unsaved (it was published, or the draft was dropped). */
  const markClean = useCallback((nextDid: number | null) => {
    savedKey.current = snapshotKey(stateRef.current);
    didRef.current = nextDid;
    setDid(nextDid);
  }, []);

  return { did, status, isDirty, save, settle, markClean };
}
