import { chatFriends, FRIEND_TYPES, PAGE_SIZE, type UserCard } from '@evcircle/contract/client';
import { useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { ConversationSkeletons } from './conversation-list.tsx';
import { PersonRow } from './friend-search.tsx';
import { CHAT_MESSAGES } from './messages.ts';

type FriendType = (typeof FRIEND_TYPES)[number];
const SIZE = PAGE_SIZE.chats;

type FriendsSheetProps = {
  open: boolean;
  onClose: () => void;
  imageBase: string;
};

/** 好友: mutual follows by default, with 关注 and 粉丝 as tabs; a tap opens the conversation. */
export function FriendsSheet({ open, onClose, imageBase }: FriendsSheetProps) {
  const [type, setType] = useState<FriendType>('mutual');
  return (
    <Sheet open={open} onClose={onClose} title={CHAT_MESSAGES.friendsTitle} data-testid="friends-sheet">
      <div
        role="tablist"
        className="sticky top-0 z-10 flex border-b border-gray-100 bg-white dark:border-gray-800 dark:bg-gray-900"
      >
        {FRIEND_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`friends-tab-${t}`}
            aria-selected={type === t}
            aria-controls={`friends-panel-${t}`}
            data-testid={`friends-tab-${t}`}
            onClick={() => setType(t)}
            className={cn(
              'flex-1 border-b-2 py-2.5 text-sm',
              type === t
                ? 'border-primary-600 font-semibold text-gray-900 dark:border-primary-400 dark:text-white'
                : 'border-transparent text-gray-500 dark:text-gray-400',
            )}
          >
            {CHAT_MESSAGES.friendTabs[t]}
          </button>
        ))}
      </div>
      <FriendList key={type} type={type} imageBase={imageBase} onPick={onClose} />
    </Sheet>
  );
}

function FriendList({ type, imageBase, onPick }: { type: FriendType; imageBase: string; onPick: () => void }) {
  const api = useApi();
  const { items, status, loadMore } = usePagedList<UserCard>({
    firstPage: null,
    isEager: true,
    size: SIZE,
    fetchPage: async (page) => (await api.call(chatFriends, { type, idx: page, size: SIZE, word: '' })).items,
    keyOf: (person) => person.uid,
  });
  const sentinel = useLoadMoreSentinel(status, loadMore, '0px 0px 300px 0px');
  return (
    <div
      id={`friends-panel-${type}`}
      role="tabpanel"
      aria-labelledby={`friends-tab-${type}`}
      aria-busy={status === 'loading'}
    >
      {items.length === 0 && status === 'done' ? (
        <p data-testid="friends-empty" className="py-16 text-center text-sm text-gray-500 dark:text-gray-400">
          {CHAT_MESSAGES.friendsEmpty[type]}
        </p>
      ) : (
        <>
          <ul>
            {items.map((person) => (
              <PersonRow key={person.uid} person={person} imageBase={imageBase} onPick={onPick} />
            ))}
            {status === 'loading' ? <ConversationSkeletons count={items.length === 0 ? 6 : 2} /> : null}
          </ul>
          <div ref={sentinel} aria-hidden="true" className="h-px" />
          {status === 'error' || items.length > 0 ? <ListFooter status={status} onLoadMore={loadMore} /> : null}
        </>
      )}
    </div>
  );
}
