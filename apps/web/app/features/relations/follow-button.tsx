import { ApiError, followAct } from '@evcircle/contract/client';
import { ArrowLeftRight, Check, LoaderCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { followLabel } from './follow-state.ts';
import { RELATIONS_MESSAGES } from './messages.ts';

type FollowButtonProps = {
  uid: number;
  /** The viewer follows this user (from the server). */
  isFollowing: boolean;
  /** This user follows the viewer. */
  isFollowedBy: boolean;
  /** Called with the new state after the server confirmed a toggle. */
  onChange?: (isFollowing: boolean) => void;
  size?: 'sm' | 'md';
  className?: string;
};

/**
 * 关注 / 已关注 / 互相关注 (and 回关). A click toggles through follow/act and shows the
 * state the server answers; logged out, it opens the login modal with 请先登录 (SPEC.md §5).
 */
export function FollowButton({ uid, isFollowing, isFollowedBy, onChange, size = 'md', className }: FollowButtonProps) {
  const requireLogin = useRequireLogin();
  const api = useApi();
  const toast = useToast();
  const [state, setState] = useState({ source: isFollowing, current: isFollowing });
  const [isPending, setIsPending] = useState(false);

  // The page data was reloaded (e.g. after logging in): follow the server again.
  let current = state.current;
  if (state.source !== isFollowing) {
    current = isFollowing;
    setState({ source: isFollowing, current: isFollowing });
  }

  async function toggle() {
    if (!requireLogin(RELATIONS_MESSAGES.pleaseLogin)) return;
    setIsPending(true);
    try {
      const result = await api.call(followAct, { uid });
      const now = result.isfollow === 1;
      setState((s) => ({ ...s, current: now }));
      onChange?.(now);
      if (!now) toast.show(RELATIONS_MESSAGES.unfollowed);
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : RELATIONS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setIsPending(false);
    }
  }

  const relation = { isFollowing: current, isFollowedBy };
  const Icon = isPending ? LoaderCircle : current ? (isFollowedBy ? ArrowLeftRight : Check) : Plus;
  return (
    <Button
      data-testid="follow-button"
      data-following={current ? 'true' : 'false'}
      variant={current ? 'outline' : 'solid'}
      size={size === 'sm' ? 'sm' : 'md'}
      aria-pressed={current}
      title={current ? RELATIONS_MESSAGES.unfollow : undefined}
      disabled={isPending}
      onClick={toggle}
      className={cn(size === 'sm' ? 'min-w-[4.5rem] px-3' : 'min-w-24', className)}
    >
      <Icon aria-hidden="true" className={cn('size-4', isPending && 'animate-spin')} />
      {followLabel(relation)}
    </Button>
  );
}
