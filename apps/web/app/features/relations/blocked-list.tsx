import { ApiError, blockAct, blockList, PAGE_SIZE, resolveMediaUrl, type UserCard } from '@evcircle/contract/client';
import { LoaderCircle, UserRoundCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { RELATIONS_MESSAGES } from './messages.ts';

type BlockedListProps = {
  /** Page 1 from the settings loader; null when it failed (the list then loads it itself). */
  firstPage: UserCard[] | null;
  imageBase: string;
};

/** Settings → 黑名单: the people the viewer blocked, last blocked first, each with 取消拉黑. */
export function BlockedList({ firstPage, imageBase }: BlockedListProps) {
  const api = useApi();
  const size = PAGE_SIZE.posts;
  const list = usePagedList({
    firstPage,
    size,
    fetchPage: (page) => api.call(blockList, { page, size }),
    keyOf: (user) => user.uid,
  });
  // The list's code loads after the page (lazy-blocked-list.tsx): until it has hydrated, a
  // tap on 取消拉黑 lands on server HTML and does nothing. `data-ready` says when it counts.
  const [isReady, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  return (
    <div data-testid="blocked-list" data-ready={isReady}>
      <p className="text-xs text-gray-500 dark:text-gray-400">{RELATIONS_MESSAGES.blockedHint}</p>
      {list.items.length === 0 && list.status === 'done' ? (
        <p data-testid="blocked-empty" className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">
          {RELATIONS_MESSAGES.blockedEmpty}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100 dark:divide-gray-800">
          {list.items.map((user) => (
            <BlockedRow
              key={user.uid}
              user={user}
              imageBase={imageBase}
              onUnblocked={() => list.updateItems((items) => items.filter((u) => u.uid !== user.uid))}
            />
          ))}
        </ul>
      )}
      {list.status === 'error' || (firstPage === null && list.status === 'idle' && list.items.length === 0) ? (
        <div className="flex items-center justify-center gap-3 py-4 text-sm text-gray-500 dark:text-gray-400">
          {list.status === 'error' ? <span>{RELATIONS_MESSAGES.blockedFailed}</span> : null}
          <Button variant="outline" size="sm" onClick={() => void list.loadMore()}>
            {list.status === 'error' ? RELATIONS_MESSAGES.retry : RELATIONS_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
      {list.status === 'idle' && list.items.length > 0 ? (
        <div className="flex justify-center pt-3">
          <Button variant="ghost" size="sm" data-testid="blocked-more" onClick={() => void list.loadMore()}>
            {RELATIONS_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
      {list.status === 'loading' ? (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-gray-500">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {RELATIONS_MESSAGES.loading}
        </p>
      ) : null}
    </div>
  );
}

function BlockedRow({ user, imageBase, onUnblocked }: { user: UserCard; imageBase: string; onUnblocked: () => void }) {
  const api = useApi();
  const toast = useToast();
  const [isPending, setIsPending] = useState(false);

  async function unblock() {
    setIsPending(true);
    try {
      const { isblock } = await api.call(blockAct, { uid: user.uid });
      if (isblock === 0) {
        toast.show(RELATIONS_MESSAGES.unblocked, { tone: 'success' });
        onUnblocked();
        return;
      }
      // It was already unblocked elsewhere, so this call blocked again: undo that.
      await api.call(blockAct, { uid: user.uid });
      onUnblocked();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : RELATIONS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <li data-testid="blocked-row" data-uid={user.uid} className="flex items-center gap-3 py-3">
      <Link to={`/user/${user.uid}`} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={resolveMediaUrl(user.avatar, imageBase)} name={user.nickname} size={40} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{user.nickname}</span>
          {user.bio ? (
            <span className="mt-0.5 block truncate text-xs text-gray-500 dark:text-gray-400">{user.bio}</span>
          ) : null}
        </span>
      </Link>
      <Button variant="outline" size="sm" data-testid="unblock" disabled={isPending} onClick={() => void unblock()}>
        {isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <UserRoundCheck aria-hidden="true" className="size-4" />
        )}
        {RELATIONS_MESSAGES.unblock}
      </Button>
    </li>
  );
}
