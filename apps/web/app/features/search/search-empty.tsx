import { formatMessage } from '@evcircle/contract/client';
import { SearchX } from 'lucide-react';
import { SEARCH_MESSAGES } from './messages.ts';
import type { SearchType } from './search-address.ts';

/** What each tab lists, by its name. */
export const TAB_LABELS: Record<SearchType, string> = {
  post: SEARCH_MESSAGES.tabPost,
  user: SEARCH_MESSAGES.tabUser,
  product: SEARCH_MESSAGES.tabProduct,
};

/** 无结果：换个词试试 */
export function SearchEmpty({ word, type }: { word: string; type: SearchType }) {
  return (
    <div data-testid="search-empty" className="flex flex-col items-center px-4 py-24 text-center">
      <SearchX aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-600" />
      <p className="mt-3 max-w-full text-base font-medium break-words">
        {formatMessage(SEARCH_MESSAGES.empty, { word, what: TAB_LABELS[type] })}
      </p>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{SEARCH_MESSAGES.emptyHint}</p>
    </div>
  );
}
