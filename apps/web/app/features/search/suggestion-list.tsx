import { resizedImageUrl, resolveMediaUrl } from '@evcircle/contract/client';
import { Clock, Search, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { PriceTag } from '~/features/shop/index.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { Highlighted } from './highlighted.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import type { Suggestion } from './suggestions.ts';

type SuggestionListProps = {
  id: string;
  optionId: (index: number) => string;
  suggestions: Suggestion[];
  /** The option ↑ / ↓ reached (-1: none). */
  active: number;
  /** What was typed (trimmed), marked in the words offered. */
  typed: string;
  imageBase: string;
  onChoose: (suggestion: Suggestion) => void;
  onHover: (index: number) => void;
};

/** `word` with the first place it holds `typed` (any case) in bold; plain text, never HTML. */
function MarkedWord({ word, typed }: { word: string; typed: string }) {
  const at = typed ? word.toLowerCase().indexOf(typed.toLowerCase()) : -1;
  if (at < 0) return <>{word}</>;
  return (
    <>
      {word.slice(0, at)}
      <strong className="font-semibold text-gray-900 dark:text-white">{word.slice(at, at + typed.length)}</strong>
      {word.slice(at + typed.length)}
    </>
  );
}

type Group = { key: string; label: string | null; items: { suggestion: Suggestion; index: number }[] };

/** Words, people and products, each a group of the listbox in the order given. */
function groupsOf(suggestions: Suggestion[]): Group[] {
  const groups: Group[] = [];
  suggestions.forEach((suggestion, index) => {
    const key = suggestion.kind === 'history' || suggestion.kind === 'hot' ? 'words' : suggestion.kind;
    let group = groups[groups.length - 1];
    if (group?.key !== key) {
      const label = key === 'user' ? SEARCH_MESSAGES.people : key === 'product' ? SEARCH_MESSAGES.products : null;
      group = { key, label, items: [] };
      groups.push(group);
    }
    group.items.push({ suggestion, index });
  });
  return groups;
}

/**
 * The combobox's listbox under the search input. A press on an option keeps the focus in
 * the input (mousedown is not let through), so the list is still there for the click.
 */
export function SuggestionList({
  id,
  optionId,
  suggestions,
  active,
  typed,
  imageBase,
  onChoose,
  onHover,
}: SuggestionListProps) {
  const option = (suggestion: Suggestion, index: number, content: ReactNode) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys (↑ ↓ Enter) are the input's, through aria-activedescendant
    <div
      key={index}
      id={optionId(index)}
      role="option"
      tabIndex={-1}
      aria-selected={index === active}
      data-testid={`suggestion-${suggestion.kind}`}
      data-uid={suggestion.kind === 'user' ? suggestion.user.uid : undefined}
      data-pid={suggestion.kind === 'product' ? suggestion.product.pid : undefined}
      onClick={() => onChoose(suggestion)}
      onPointerMove={() => {
        if (index !== active) onHover(index);
      }}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 px-4 py-2 text-sm text-gray-700 dark:text-gray-200',
        index === active && 'bg-gray-100 dark:bg-gray-800',
      )}
    >
      {content}
    </div>
  );

  return (
    <div
      id={id}
      role="listbox"
      aria-label={SEARCH_MESSAGES.suggestions}
      data-testid="search-suggestions"
      onMouseDown={(event) => event.preventDefault()}
      className={cn(
        'absolute inset-x-0 top-full z-40 mt-2 max-h-[min(70dvh,32rem)] overflow-y-auto overscroll-contain rounded-2xl py-1.5',
        'bg-white shadow-lg ring-1 ring-gray-900/10 dark:bg-gray-900 dark:ring-white/10',
      )}
    >
      {groupsOf(suggestions).map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group, not a fieldset
        <div
          key={group.key}
          role="group"
          aria-label={group.label ?? SEARCH_MESSAGES.suggestions}
          className="border-gray-100 not-first:mt-1 not-first:border-t not-first:pt-1 dark:border-gray-800"
        >
          {group.label ? (
            <div role="presentation" className="px-4 pt-1.5 pb-1 text-xs text-gray-400 dark:text-gray-500">
              {group.label}
            </div>
          ) : null}
          {group.items.map(({ suggestion, index }) => {
            if (suggestion.kind === 'user') {
              const { user } = suggestion;
              return option(
                suggestion,
                index,
                <>
                  <Avatar src={resolveMediaUrl(user.avatar, imageBase)} name={user.nickname} size={32} />
                  <span className="min-w-0 flex-1">
                    <Highlighted html={user.highlight} text={user.nickname} className="block truncate" />
                    {user.car_model ? (
                      <span className="block truncate text-xs text-gray-400 dark:text-gray-500">{user.car_model}</span>
                    ) : null}
                  </span>
                </>,
              );
            }
            if (suggestion.kind === 'product') {
              const { product } = suggestion;
              return option(
                suggestion,
                index,
                <>
                  <img
                    src={resizedImageUrl(product.cover, imageBase)}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    className="size-9 shrink-0 rounded-md bg-gray-100 object-cover dark:bg-gray-800"
                  />
                  <Highlighted html={product.highlight} text={product.title} className="min-w-0 flex-1 truncate" />
                  {/* The price alone: no market price to strike through in a one-line row. */}
                  <PriceTag price={product.price} marketPrice="" discount={100} size="card" className="shrink-0" />
                </>,
              );
            }
            const Icon = suggestion.kind === 'history' ? Clock : typed ? Search : TrendingUp;
            return option(
              suggestion,
              index,
              <>
                <Icon aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                <span className="min-w-0 flex-1 truncate">
                  <MarkedWord word={suggestion.word} typed={typed} />
                </span>
                <span className="shrink-0 text-xs text-gray-400 dark:text-gray-500">
                  {suggestion.kind === 'history' ? SEARCH_MESSAGES.historyWord : SEARCH_MESSAGES.hotWord}
                </span>
              </>,
            );
          })}
        </div>
      ))}
    </div>
  );
}
