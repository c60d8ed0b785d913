import { formatMessage, type UserSearchHit } from '@evcircle/contract/client';
import { useCallback } from 'react';
import { useViewer } from '~/features/auth/index.ts';
import { UserRow } from '~/features/relations/index.ts';
import { useApi } from '~/lib/api.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Highlighted } from './highlighted.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import { SearchEmpty } from './search-empty.tsx';
import { fetchResults, RESULT_PAGE_SIZE } from './search-page.ts';
import { UserRowSkeletons } from './search-results.tsx';

/** The people tab's results (loaded with that tab, search-results.tsx), paged as the end comes into view. */
export function UserResults({
  word,
  firstPage,
  imageBase,
}: {
  word: string;
  firstPage: UserSearchHit[];
  imageBase: string;
}) {
  const api = useApi();
  const viewerId = useViewer()?.uid ?? null;
  const fetchPage = useCallback((page: number) => fetchResults.user(api, word, page), [api, word]);
  const { items, status, loadMore } = usePagedList({
    firstPage,
    size: RESULT_PAGE_SIZE.user,
    fetchPage,
    keyOf: (user) => user.uid,
  });
  const sentinel = useLoadMoreSentinel(status, () => void loadMore());
  if (items.length === 0 && status === 'done') return <SearchEmpty word={word} type="user" />;
  return (
    <section aria-label={formatMessage(SEARCH_MESSAGES.userResults, { word })} aria-busy={status === 'loading'}>
      <ul
        data-testid="search-users"
        className="mx-auto max-w-3xl divide-y divide-gray-100 overflow-hidden rounded-xl bg-white ring-1 ring-gray-900/5 dark:divide-gray-800 dark:bg-gray-900 dark:ring-white/10"
      >
        {items.map((user) => (
          <UserRow
            key={user.uid}
            user={user}
            imageBase={imageBase}
            viewerId={viewerId}
            name={<Highlighted html={user.highlight} text={user.nickname} />}
            isDetailed
          />
        ))}
        {status === 'loading' ? <UserRowSkeletons count={3} /> : null}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <ListFooter status={status} onLoadMore={loadMore} />
    </section>
  );
}
