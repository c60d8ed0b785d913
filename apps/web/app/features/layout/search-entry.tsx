import { Search } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { FOCUS_SEARCH_STATE, SEARCH_INPUT_ID } from '~/features/search/index.ts';
import { cn } from '~/ui/cn.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

/**
 * The way to /search from the site's bars: a search field on desktop, an icon on phones.
 * It is a link (the page holds the input and its suggestions, which load with it, never
 * with the page the bar is on); on /search it keeps the word and tab, and either way the
 * cursor lands in the page's input.
 */
export function SearchEntry({ variant }: { variant: 'field' | 'icon' }) {
  const { pathname, search } = useLocation();
  const isHere = pathname === '/search';
  // On /search its own address: the word and the tab stay.
  const to = isHere ? `/search${search}` : '/search';
  /** Already there: the cursor goes to the page's input, the results stay as they are (no reload of the list). */
  const onClick = (event: MouseEvent) => {
    const input = isHere ? document.getElementById(SEARCH_INPUT_ID) : null;
    // A new tab (a modified click) still follows the link.
    if (!input || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    input.focus();
  };
  if (variant === 'icon') {
    return (
      <Link
        to={to}
        state={FOCUS_SEARCH_STATE}
        onClick={onClick}
        aria-label={LAYOUT_MESSAGES.search}
        aria-current={isHere ? 'page' : undefined}
        data-testid="header-search"
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
          'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
          isHere && 'text-primary-600 dark:text-primary-400',
        )}
      >
        <Search aria-hidden="true" className="size-5" />
      </Link>
    );
  }
  const word = (isHere && new URLSearchParams(search).get('word')?.trim()) || '';
  return (
    <Link
      to={to}
      state={FOCUS_SEARCH_STATE}
      onClick={onClick}
      aria-label={word ? `${LAYOUT_MESSAGES.search}：${word}` : LAYOUT_MESSAGES.searchPlaceholder}
      aria-current={isHere ? 'page' : undefined}
      data-testid="header-search"
      className={cn(
        '@container flex h-9 max-w-60 min-w-9 flex-1 items-center rounded-full bg-gray-100 px-2.5 text-sm transition-colors',
        'text-gray-400 hover:bg-gray-200/70 dark:bg-gray-800 dark:text-gray-500 dark:hover:bg-gray-700/70',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
      )}
    >
      {/* Too narrow for words (a long nickname beside it): the icon alone, centred. */}
      <span className="flex w-full min-w-0 items-center gap-2 @max-[7rem]:justify-center">
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className={cn('truncate @max-[7rem]:sr-only', word && 'text-gray-800 dark:text-gray-100')}>
          {word || LAYOUT_MESSAGES.searchPlaceholder}
        </span>
      </span>
    </Link>
  );
}
