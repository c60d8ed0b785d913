import { formatMessage, type PostSearchHit } from '@evcircle/contract/client';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { FeedGrid, FeedUnavailable, type ModalPreload, PostCardSkeleton } from '~/features/posts/index.ts';
import type { ProductModalPreload } from '~/features/shop/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { highlightSnippet } from './highlight.ts';
import { Highlighted } from './highlighted.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import { SEARCH_TYPES, type SearchType, searchHref } from './search-address.ts';
import { SearchEmpty, TAB_LABELS } from './search-empty.tsx';
import { fetchResults, RESULT_PAGE_SIZE, type SearchResults as Results } from './search-page.ts';

/**
 * The product tab (the shop's grid and its modal) loads with that tab, not with the page:
 * the shop's list pages keep their first load as it was, and the other tabs do without it.
 */
const ProductResults = lazyComponent(() => import('./product-results.tsx').then((m) => m.ProductResults));
const ProductResultsSkeleton = lazyComponent(() =>
  import('./product-results.tsx').then((m) => m.ProductResultsSkeleton),
);
/** So does the people tab (its rows, follow buttons and VIP badges). */
const UserResults = lazyComponent(
  () => import('./user-results.tsx').then((m) => m.UserResults),
  () => <SearchResultsSkeleton type="user" />,
);

/** 帖子 / 用户 / 商品: links that change ?type= (a reload and a shared link keep the tab). */
export function SearchTabs({ word, type }: { word: string; type: SearchType }) {
  return (
    <nav aria-label={SEARCH_MESSAGES.tabs} data-testid="search-tabs" className="flex">
      {SEARCH_TYPES.map((tab) => (
        <Link
          key={tab}
          to={searchHref({ word, type: tab })}
          replace
          aria-current={tab === type ? 'page' : undefined}
          data-testid={`search-tab-${tab}`}
          className={cn(
            'flex h-11 flex-1 items-center justify-center border-b-2 text-[15px] transition-colors md:flex-none md:px-6',
            tab === type
              ? 'border-primary-600 font-semibold text-gray-900 dark:border-primary-400 dark:text-white'
              : 'border-transparent text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
          )}
        >
          {TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}

type SearchResultsProps = {
  word: string;
  results: Results;
  postModal: ModalPreload | null;
  productModal: ProductModalPreload | null;
  imageBase: string;
};

/**
 * One tab's results for the word, page 1 from the server, the next pages as the end comes
 * into view; what matched is highlighted. A failed first page says so with a retry.
 */
export function SearchResults({ word, results, postModal, productModal, imageBase }: SearchResultsProps) {
  if (results.items === null) return <FeedUnavailable />;
  if (results.type === 'user') return <UserResults word={word} firstPage={results.items} imageBase={imageBase} />;
  if (results.type === 'product') {
    return <ProductResults word={word} firstPage={results.items} imageBase={imageBase} modal={productModal} />;
  }
  return <PostResults word={word} firstPage={results.items} imageBase={imageBase} modal={postModal} />;
}

function PostResults({
  word,
  firstPage,
  imageBase,
  modal,
}: {
  word: string;
  firstPage: PostSearchHit[];
  imageBase: string;
  modal: ModalPreload | null;
}) {
  const api = useApi();
  const fetchPage = useCallback((page: number) => fetchResults.post(api, word, page), [api, word]);
  return (
    <FeedGrid
      firstPage={firstPage}
      pageSize={RESULT_PAGE_SIZE.post}
      imageBase={imageBase}
      fetchPage={fetchPage}
      label={formatMessage(SEARCH_MESSAGES.postResults, { word })}
      hasPostModal
      modalPreload={modal}
      renderText={(post) => <Highlighted html={highlightSnippet(post.highlight)} text={post.content} />}
      empty={<SearchEmpty word={word} type="post" />}
      data-testid="search-posts"
    />
  );
}

export function UserRowSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <li key={i} data-testid="user-skeleton" className="flex items-center gap-3 px-4 py-3">
      <Skeleton className="size-12 shrink-0 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-48" />
      </div>
      <Skeleton className="h-8 w-18 rounded-full" />
    </li>
  ));
}

/** The shape of a tab's first page while a new search or tab loads. */
export function SearchResultsSkeleton({ type }: { type: SearchType }) {
  if (type === 'user') {
    return (
      <ul
        aria-hidden="true"
        className="mx-auto max-w-3xl divide-y divide-gray-100 overflow-hidden rounded-xl bg-white ring-1 ring-gray-900/5 dark:divide-gray-800 dark:bg-gray-900 dark:ring-white/10"
      >
        <UserRowSkeletons count={6} />
      </ul>
    );
  }
  if (type === 'product') return <ProductResultsSkeleton />;
  return (
    <div aria-hidden="true" className="grid grid-cols-2 items-start gap-2 md:grid-cols-4 md:gap-4 xl:grid-cols-5">
      {Array.from({ length: 10 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <PostCardSkeleton key={i} isTall={i % 3 === 0} />
      ))}
    </div>
  );
}
