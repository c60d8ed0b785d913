import { ApiError, blockAct, blockCheck, formatMessage } from '@evcircle/contract/client';
import { useCallback, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useToast } from '~/ui/toast.tsx';
import { RELATIONS_MESSAGES } from './messages.ts';

/**
 * Whether the viewer has blocked `uid` (null until asked) and the toggle that changes
 * it through block/act, toasting the outcome. `toggle` resolves to the new state, or
 * null when the call failed (the error is toasted).
 */
export function useBlock(uid: number, name: string) {
  const api = useApi();
  const toast = useToast();
  const [isBlocked, setIsBlocked] = useState<boolean | null>(null);

  const refresh = useCallback(async () => {
    try {
      const { isblock } = await api.call(blockCheck, { uid });
      setIsBlocked(isblock === 1);
    } catch {
      // The menu still works: it offers 拉黑 and the toggle answers the real state.
    }
  }, [api, uid]);

  const toggle = useCallback(async (): Promise<boolean | null> => {
    try {
      const { isblock } = await api.call(blockAct, { uid });
      const now = isblock === 1;
      setIsBlocked(now);
      toast.show(now ? formatMessage(RELATIONS_MESSAGES.blocked, { name }) : RELATIONS_MESSAGES.unblocked, {
        tone: 'success',
      });
      return now;
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : RELATIONS_MESSAGES.failed, { tone: 'error' });
      return null;
    }
  }, [api, uid, name, toast]);

  return { isBlocked, refresh, toggle };
}
