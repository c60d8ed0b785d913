import { ArrowLeft, Check, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { COUNTRIES, type Country } from './countries.ts';
import { searchCountries } from './country-search.ts';
import { LOGIN_MESSAGES } from './login-messages.ts';

type CountryPickerProps = {
  value: Country;
  onSelect: (country: Country) => void;
  onCancel: () => void;
};

/**
 * The country/region list of the phone tab (SPEC.md §2), shown in place of the form: a
 * search box (name, pinyin initials, English, or area code) over a listbox. The search
 * box is a combobox: arrows move, Enter picks, Esc goes back without closing the modal.
 */
export function CountryPicker({ value, onSelect, onCancel }: CountryPickerProps) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCountries(COUNTRIES, query), [query]);
  const [active, setActive] = useState(() => Math.max(0, COUNTRIES.indexOf(value)));
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const listRef = useRef<HTMLDivElement>(null);

  // A new query starts at the top of its results.
  useEffect(() => {
    if (query) setActive(0);
  }, [query]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = results[active];
      if (picked) onSelect(picked);
    } else if (event.key === 'Escape') {
      // Back to the form; the modal itself stays open.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="country-picker">
      <div className="flex items-center gap-2">
        <IconButton label={LOGIN_MESSAGES.regionBack} onClick={onCancel} className="text-gray-600 dark:text-gray-300">
          <ArrowLeft aria-hidden="true" className="size-5" />
        </IconButton>
        <label className="relative flex-1">
          <span className="sr-only">{LOGIN_MESSAGES.regionSearch}</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          />
          <input
            type="text"
            enterKeyHint="search"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={results[active] ? optionId(active) : undefined}
            aria-autocomplete="list"
            // biome-ignore lint/a11y/noAutofocus: the picker opens to be searched
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={LOGIN_MESSAGES.regionSearch}
            className="h-10 w-full rounded-full border border-gray-200 bg-gray-50 pr-3 pl-9 text-[15px] text-gray-900 outline-none placeholder:text-gray-400 focus:border-primary-500 focus:bg-white dark:border-gray-700 dark:bg-gray-800 dark:text-white dark:focus:bg-gray-900"
          />
        </label>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={LOGIN_MESSAGES.regionListLabel}
        className={cn(
          'mt-3 -mx-2 max-h-[min(22rem,50dvh)] overflow-y-auto overscroll-contain',
          results.length > 0 && 'min-h-40',
        )}
      >
        {results.map((country, index) => {
          const selected = country.name === value.name;
          return (
            <div
              key={country.name}
              id={optionId(index)}
              data-index={index}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              onClick={() => onSelect(country)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(country);
                }
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-[15px]',
                index === active ? 'bg-gray-100 dark:bg-gray-800' : '',
                selected ? 'font-medium text-primary-700 dark:text-primary-400' : 'text-gray-800 dark:text-gray-100',
              )}
            >
              <span className="min-w-0 flex-1 truncate">{country.name}</span>
              <span className="shrink-0 text-gray-500 tabular-nums dark:text-gray-400">+{country.code}</span>
              <Check aria-hidden="true" className={cn('size-4 shrink-0', selected ? 'visible' : 'invisible')} />
            </div>
          );
        })}
      </div>
      {results.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-gray-500 dark:text-gray-400">{LOGIN_MESSAGES.regionNone}</p>
      ) : null}
    </div>
  );
}
