import { CITY_CHOICES, formatMessage } from '@evcircle/contract/client';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { chooseCity, usePosition } from './position.ts';

type CityPickerProps = { open: boolean; onClose: () => void };

/**
 * 选择城市: the major cities (CITY_CHOICES, bundled: no call), narrowed by what is typed.
 * The lists are then measured from the chosen city's centre.
 */
export function CityPicker({ open, onClose }: CityPickerProps) {
  const [word, setWord] = useState('');
  const position = usePosition();
  const current = position.status === 'ready' && position.place.source === 'city' ? position.place.city : '';
  const query = word.trim();
  const cities = query ? CITY_CHOICES.filter((city) => city.name.includes(query)) : CITY_CHOICES;
  return (
    <Sheet open={open} onClose={onClose} title={NEARBY_MESSAGES.cityTitle} data-testid="city-picker">
      <div className="sticky top-0 z-10 bg-white px-4 pt-3 pb-2 dark:bg-gray-900">
        <label className="relative block">
          <span className="sr-only">{NEARBY_MESSAGES.citySearch}</span>
          <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
          <input
            type="search"
            value={word}
            onChange={(event) => setWord(event.target.value)}
            placeholder={NEARBY_MESSAGES.citySearchPlaceholder}
            data-testid="city-search"
            className="h-10 w-full rounded-full border border-gray-200 bg-gray-50 pr-3 pl-9 text-sm outline-none focus:border-primary-500 focus:bg-white dark:border-gray-700 dark:bg-gray-800 dark:focus:border-primary-400"
          />
        </label>
      </div>
      {cities.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-gray-500 dark:text-gray-400">
          {formatMessage(NEARBY_MESSAGES.cityEmpty, { word: query })}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 px-4 pt-1 pb-4 sm:grid-cols-4">
          {cities.map((city) => (
            <li key={city.name}>
              <button
                type="button"
                data-testid="city-choice"
                aria-pressed={city.name === current}
                onClick={() => {
                  chooseCity(city);
                  onClose();
                }}
                className={cn(
                  'h-10 w-full rounded-lg border text-sm transition-colors',
                  city.name === current
                    ? 'border-primary-600 bg-primary-50 font-medium text-primary-700 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-300'
                    : 'border-gray-200 hover:border-primary-400 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800',
                )}
              >
                {city.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
