import type { SearchHistoryEntry } from '@evcircle/contract/client';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { cn } from '~/ui/cn.ts';
import { SEARCH_MESSAGES } from './messages.ts';
import { readSearchAddress, type SearchAddress } from './search-address.ts';
import { SearchBox } from './search-box.tsx';
import type { SearchPageData } from './search-page.ts';
import { SearchResults, SearchResultsSkeleton, SearchTabs } from './search-results.tsx';
import { useRunSearch, useSearchWords } from './use-search-words.ts';

/**
 * The page before typing (history, hot words, 猜你喜欢) loads with that page only, not
 * with the results: the server's HTML already shows it while its code comes.
 */
const SearchStart = lazyComponent(() => import('./search-start.tsx').then((m) => m.SearchStart));
/** One empty history, so a re-render gives SearchStart the same props. */
const NO_HISTORY: SearchHistoryEntry[] = [];

/**
 * The search this page is on its way to (another word or tab whose results are loading),
 * or null when it shows what it is asked for.
 */
function usePendingSearch(current: SearchAddress): SearchAddress | null {
  const navigation = useNavigation();
  const next = navigation.location;
  if (navigation.state !== 'loading' || next?.pathname !== '/search') return null;
  const address = readSearchAddress(new URLSearchParams(next.search));
  return address.word === current.word && address.type === current.type ? null : address;
}

/**
 * /search: the input on top (sticky under the site's bar), then before typing the
 * history, hot words and 猜你喜欢, or for a word the tabs 帖子 / 用户 / 商品 and the
 * results of the tab in the address.
 */
export function SearchPageView({ page }: { page: SearchPageData }) {
  const isMobile = useIsMobile();
  const viewer = useViewer();
  const { words, ensure, remember, updateHistory } = useSearchWords(page.start?.words ?? null);
  const { run, record } = useRunSearch(remember);
  const pending = usePendingSearch({ word: page.word, type: page.type });
  const hasWord = page.word !== '';

  let content: ReactNode = null;
  if (pending?.word) {
    content = <SearchResultsSkeleton type={pending.type} />;
  } else if (page.results) {
    content = (
      <SearchResults
        // A new word or tab is a new list: nothing carries over from the last one.
        key={`${page.type}:${page.word}`}
        word={page.word}
        results={page.results}
        postModal={page.postModal}
        productModal={page.productModal}
        imageBase={page.imageBase}
      />
    );
  } else if (page.start) {
    content = (
      <SearchStart
        history={viewer ? (words ?? page.start.words).history : NO_HISTORY}
        hot={(words ?? page.start.words).hot}
        recommended={page.start.recommended}
        postModal={page.postModal}
        imageBase={page.imageBase}
        updateHistory={updateHistory}
        onRecord={record}
      />
    );
  }

  return (
    <div data-testid="search-page" data-type={page.type} className="mx-auto max-w-screen-2xl px-2 md:px-6">
      <h1 className="sr-only">{SEARCH_MESSAGES.heading}</h1>
      <div
        className={cn(
          'sticky z-20 -mx-2 bg-white/95 px-3 pt-3 backdrop-blur md:-mx-6 md:px-6 dark:bg-gray-950/95',
          isMobile ? 'top-12' : 'top-16 md:pt-5',
          hasWord ? 'border-b border-gray-100 dark:border-gray-800' : 'pb-3',
        )}
      >
        <div className="mx-auto max-w-2xl">
          <SearchBox
            word={page.word}
            type={page.type}
            words={words}
            onNeedWords={ensure}
            onSearch={run}
            listsRecentWords={hasWord}
            imageBase={page.imageBase}
          />
        </div>
        {hasWord ? (
          <div className="mx-auto mt-2 max-w-2xl">
            {/* A tab just picked shows as picked while its results load. */}
            <SearchTabs word={page.word} type={pending?.word === page.word ? pending.type : page.type} />
          </div>
        ) : null}
      </div>
      <div className={hasWord ? 'pt-3 md:pt-5' : undefined}>{content}</div>
    </div>
  );
}
