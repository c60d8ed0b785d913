import { ApiError, likeAct } from '@evcircle/contract/client';
import { useCallback, useRef, useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { useToast } from '~/ui/toast.tsx';
import { POST_MESSAGES } from './messages.ts';

export type LikeState = { isLiked: boolean; count: number };

/**
 * The viewer's like of a post: a tap flips it at once (optimistic), like/act confirms
 * with the server's own state and count, a failure puts the old state back and says so.
 * Logged out, the login modal opens instead. Taps while a toggle is on its way are ignored,
 * so the server always sees one toggle per visible change.
 */
export function usePostLike(pid: number, initial: LikeState, onChange?: (state: LikeState) => void) {
  const api = useApi();
  const toast = useToast();
  const requireLogin = useRequireLogin();
  const [source, setSource] = useState(initial);
  const [state, setState] = useState(initial);
  const isPending = useRef(false);

  // Fresh data from the server (the detail arrived, a revalidation): follow it.
  if (source.isLiked !== initial.isLiked || source.count !== initial.count) {
    setSource(initial);
    setState(initial);
  }

  const toggle = useCallback(async () => {
    if (!requireLogin() || isPending.current) return;
    isPending.current = true;
    const before = state;
    const optimistic = { isLiked: !before.isLiked, count: Math.max(0, before.count + (before.isLiked ? -1 : 1)) };
    setState(optimistic);
    try {
      const result = await api.call(likeAct, { pid });
      const confirmed = { isLiked: result.islike === 1, count: result.likenum };
      setState(confirmed);
      onChange?.(confirmed);
    } catch (error) {
      setState(before);
      toast.show(error instanceof ApiError ? error.message : POST_MESSAGES.likeFailed, { tone: 'error' });
    } finally {
      isPending.current = false;
    }
  }, [api, pid, requireLogin, state, toast, onChange]);

  return { ...state, toggle };
}
