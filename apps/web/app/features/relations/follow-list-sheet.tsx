import { followers, followingList, PAGE_SIZE, type UserCard } from '@evcircle/contract/client';
import { useApi } from '~/lib/api.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { RELATIONS_MESSAGES } from './messages.ts';
import { UserRow } from './user-row.tsx';

const SIZE = PAGE_SIZE.search;

/** The two lists of a profile: whom they follow, and who follows them. */
export type FollowListTab = 'following' | 'followers';

type FollowListSheetProps = {
  uid: number;
  title: string;
  /** The open tab, or null when closed. */
  tab: FollowListTab | null;
  onTabChange: (tab: FollowListTab) => void;
  onClose: () => void;
  imageBase: string;
  viewerId: number | null;
  /** The viewer followed or unfollowed someone from the list. */
  onFollowChange: () => void;
};

const TABS: { id: FollowListTab; label: string }[] = [
  { id: 'following', label: RELATIONS_MESSAGES.followingTab },
  { id: 'followers', label: RELATIONS_MESSAGES.followersTab },
];

/** A user's following and followers, as two tabs in a sheet; each list pages as it scrolls. */
export function FollowListSheet({
  uid,
  title,
  tab,
  onTabChange,
  onClose,
  imageBase,
  viewerId,
  onFollowChange,
}: FollowListSheetProps) {
  return (
    <Sheet open={tab !== null} onClose={onClose} title={title} data-testid="follow-list-sheet">
      <div
        role="tablist"
        className="sticky top-0 z-10 flex border-b border-gray-100 bg-white dark:border-gray-800 dark:bg-gray-900"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`follow-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`follow-panel-${t.id}`}
            onClick={() => onTabChange(t.id)}
            className={cn(
              'flex-1 border-b-2 py-2.5 text-sm',
              tab === t.id
                ? 'border-primary-600 font-semibold text-gray-900 dark:border-primary-400 dark:text-white'
                : 'border-transparent text-gray-500 dark:text-gray-400',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab ? (
        <FollowList
          key={tab}
          uid={uid}
          tab={tab}
          imageBase={imageBase}
          viewerId={viewerId}
          onFollowChange={onFollowChange}
          onNavigate={onClose}
        />
      ) : null}
    </Sheet>
  );
}

type FollowListProps = {
  uid: number;
  tab: FollowListTab;
  imageBase: string;
  viewerId: number | null;
  onFollowChange: () => void;
  onNavigate: () => void;
};

function FollowList({ uid, tab, imageBase, viewerId, onFollowChange, onNavigate }: FollowListProps) {
  const api = useApi();
  const { items, status, loadMore, updateItems } = usePagedList<UserCard>({
    firstPage: null,
    isEager: true,
    size: SIZE,
    fetchPage: (page) => api.call(tab === 'followers' ? followers : followingList, { uid, page, size: SIZE }),
    keyOf: (u) => u.uid,
  });
  const sentinel = useLoadMoreSentinel(status, loadMore, '0px 0px 300px 0px');

  const isEmpty = items.length === 0 && status === 'done';
  return (
    <div
      id={`follow-panel-${tab}`}
      role="tabpanel"
      aria-labelledby={`follow-tab-${tab}`}
      aria-busy={status === 'loading'}
    >
      {isEmpty ? (
        <p data-testid="follow-list-empty" className="py-16 text-center text-sm text-gray-500 dark:text-gray-400">
          {tab === 'followers' ? RELATIONS_MESSAGES.listEmptyFollowers : RELATIONS_MESSAGES.listEmptyFollowing}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {items.map((user) => (
              <UserRow
                key={user.uid}
                user={user}
                imageBase={imageBase}
                viewerId={viewerId}
                onNavigate={onNavigate}
                onFollowChange={(changed, now) => {
                  updateItems((all) => all.map((u) => (u.uid === changed ? { ...u, isfollow: now } : u)));
                  onFollowChange();
                }}
              />
            ))}
            {status === 'loading' ? <UserRowSkeletons count={items.length === 0 ? 6 : 2} /> : null}
          </ul>
          <div ref={sentinel} aria-hidden="true" className="h-px" />
          {status === 'error' || items.length > 0 ? <ListFooter status={status} onLoadMore={loadMore} /> : null}
        </>
      )}
    </div>
  );
}

function UserRowSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} data-testid="user-row-skeleton" aria-hidden="true" className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-28" />
            <Skeleton className="h-3 w-40" />
          </div>
        </li>
      ))}
    </>
  );
}
