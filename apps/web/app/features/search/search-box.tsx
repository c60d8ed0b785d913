import { SEARCH_WORD_MAX_LENGTH } from '@evcircle/contract/client';
import { Search, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import { asksForSearchFocus, normalizeSearchWord, SEARCH_INPUT_ID, type SearchType } from './search-address.ts';
import type { SearchWords } from './search-page.ts';
import { buildSuggestions, moveActive, type Suggestion } from './suggestions.ts';
import { useSuggestedHits } from './use-suggested-hits.ts';

/** The list (and the shop's price tag in it) loads when it first opens, not with the page. */
const SuggestionList = lazyComponent(() => import('./suggestion-list.tsx').then((m) => m.SuggestionList));

type SearchBoxProps = {
  /** The word of the address ('' before typing). */
  word: string;
  type: SearchType;
  /** History and hot words the suggestions draw on; null until fetched. */
  words: SearchWords | null;
  /** The input was focused: time to fetch `words` if they are not there yet. */
  onNeedWords: () => void;
  /** Searches for a word (the tab kept); false when it was blank. */
  onSearch: (word: string, type: SearchType) => boolean;
  /**
   * With nothing typed, list the recent and hot words (on the result page; before typing
   * the page itself shows them).
   */
  listsRecentWords: boolean;
  imageBase: string;
};

/**
 * The search input: an accessible combobox (role combobox + listbox, ↑ ↓ Enter Esc,
 * taps) whose suggestions are the matching history and hot words, then the top people and
 * products for the text once typing pauses. Submitting searches the trimmed word; without
 * script it is a plain GET form to /search.
 */
export function SearchBox({ word, type, words, onNeedWords, onSearch, listsRecentWords, imageBase }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState({ source: word, value: word });
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The address's word changed (back, forward, a new search): the input shows it.
  let value = text.value;
  if (text.source !== word) {
    value = word;
    setText({ source: word, value: word });
  }

  const isTyped = value.trim() !== '';
  const hits = useSuggestedHits(value, isOpen && isTyped);
  const suggestions = useMemo(() => {
    if (!isTyped && !listsRecentWords) return [];
    const history = words?.history.map((entry) => entry.word) ?? [];
    const hot = words?.hot.map((entry) => entry.word) ?? [];
    return buildSuggestions(value, { history, hot }, hits);
  }, [value, isTyped, listsRecentWords, words, hits]);
  const isExpanded = isOpen && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // Arriving from the header's search entry: the cursor goes to the input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (location.key) counts
  useEffect(() => {
    if (asksForSearchFocus(location.state)) inputRef.current?.focus();
  }, [location.key]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const edit = (next: string) => {
    setText({ source: word, value: next });
    setActive(-1);
    setIsOpen(true);
  };

  /** Done with the input: the list closes and (on phones) the keyboard goes. */
  const finish = () => {
    setIsOpen(false);
    setActive(-1);
    inputRef.current?.blur();
  };

  const search = (raw: string) => {
    const normalized = normalizeSearchWord(raw);
    if (!normalized) return;
    setText({ source: word, value: normalized });
    finish();
    onSearch(normalized, type);
  };

  const choose = (suggestion: Suggestion) => {
    if (suggestion.kind === 'user') {
      finish();
      navigate(`/user/${suggestion.user.uid}`);
    } else if (suggestion.kind === 'product') {
      finish();
      navigate(`/product/${suggestion.product.pid}`);
    } else {
      search(suggestion.word);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that pick a character in an input method (Chinese, Japanese) are not ours.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isExpanded) {
        setIsOpen(true);
        return;
      }
      setActive((now) => moveActive(now, event.key === 'ArrowDown' ? 1 : -1, suggestions.length));
    } else if (event.key === 'Enter') {
      const picked = isExpanded ? suggestions[active] : undefined;
      if (picked) {
        event.preventDefault();
        choose(picked);
      }
    } else if (event.key === 'Escape') {
      if (isExpanded) {
        event.preventDefault();
        setIsOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        edit('');
        setIsOpen(false);
      }
    }
  };

  return (
    <search>
      <form action="/search" method="get" onSubmit={onSubmit} className="relative" data-testid="search-form">
        <div className="flex items-center gap-2">
          <div className="relative min-w-0 flex-1">
            <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
              {SEARCH_MESSAGES.searchLabel}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-gray-400"
            />
            <input
              ref={inputRef}
              id={SEARCH_INPUT_ID}
              data-testid="search-input"
              type="search"
              name="word"
              role="combobox"
              aria-expanded={isExpanded}
              aria-controls={isExpanded ? listId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="search"
              maxLength={SEARCH_WORD_MAX_LENGTH}
              placeholder={SEARCH_MESSAGES.placeholder}
              value={value}
              onChange={(event) => edit(event.target.value)}
              onFocus={() => {
                onNeedWords();
                setIsOpen(true);
              }}
              onClick={() => setIsOpen(true)}
              onBlur={() => {
                setIsOpen(false);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              className={cn(
                'h-10 w-full rounded-full bg-gray-100 pr-10 pl-10 text-[15px] text-gray-900 placeholder:text-gray-400',
                'outline-none focus:bg-white focus:ring-2 focus:ring-primary-500 dark:bg-gray-800 dark:text-gray-100 dark:focus:bg-gray-900',
                '[&::-webkit-search-cancel-button]:appearance-none',
              )}
            />
            {value ? (
              <IconButton
                label={SEARCH_MESSAGES.clear}
                size="sm"
                data-testid="search-clear"
                // Keeps the focus in the input, so the keyboard stays up for the next word.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  edit('');
                  inputRef.current?.focus();
                }}
                className="absolute top-1/2 right-2 -translate-y-1/2"
              >
                <X aria-hidden="true" className="size-4" />
              </IconButton>
            ) : null}
          </div>
          <input type="hidden" name="type" value={type} />
          <Button type="submit" data-testid="search-submit" className="shrink-0">
            {SEARCH_MESSAGES.submit}
          </Button>
        </div>
        {isExpanded ? (
          <SuggestionList
            id={listId}
            optionId={optionId}
            suggestions={suggestions}
            active={active}
            typed={value.trim()}
            imageBase={imageBase}
            onChoose={choose}
            onHover={setActive}
          />
        ) : null}
      </form>
    </search>
  );
}
