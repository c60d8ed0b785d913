import { formatMessage, NEARBY_RADIUS_CHOICES_KM } from '@evcircle/contract/client';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { NEARBY_MESSAGES } from './messages.ts';

/** Sex filter values as the calls take them: '' any, '1' male, '2' female. */
export type SexFilter = '' | '1' | '2';

const SEX_CHOICES: { value: SexFilter; label: string }[] = [
  { value: '', label: NEARBY_MESSAGES.sexAny },
  { value: '1', label: NEARBY_MESSAGES.sexMale },
  { value: '2', label: NEARBY_MESSAGES.sexFemale },
];

const SEGMENT = 'h-8 rounded-full px-3 text-sm transition-colors';
const SEGMENT_ON = 'bg-white font-medium text-gray-900 shadow-sm dark:bg-gray-700 dark:text-white';
const SEGMENT_OFF = 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white';

/** 不限 / 男 / 女. */
export function SexChoice({ value, onChange }: { value: SexFilter; onChange: (value: SexFilter) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{NEARBY_MESSAGES.sex}</legend>
      <span className="flex rounded-full bg-gray-100 p-0.5 dark:bg-gray-800">
        {SEX_CHOICES.map((choice) => (
          <button
            key={choice.value || 'any'}
            type="button"
            aria-pressed={choice.value === value}
            onClick={() => onChange(choice.value)}
            data-testid={`sex-${choice.value || 'any'}`}
            className={cn(SEGMENT, choice.value === value ? SEGMENT_ON : SEGMENT_OFF)}
          >
            {choice.label}
          </button>
        ))}
      </span>
    </fieldset>
  );
}

/** Typing pauses this long before the list asks again. */
const TYPING_DELAY_MS = 400;

/** A word of the car model (Model Y, 海豹…): the lists follow once typing pauses. */
export function ModelFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    const word = text.trim();
    if (word === value) return;
    const timer = setTimeout(() => onChange(word), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <label className="relative block min-w-0 flex-1 sm:max-w-56">
      <span className="sr-only">{NEARBY_MESSAGES.model}</span>
      <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={30}
        placeholder={NEARBY_MESSAGES.modelPlaceholder}
        data-testid="model-filter"
        className="h-9 w-full rounded-full border border-gray-200 bg-white pr-8 pl-9 text-sm outline-none focus:border-primary-500 dark:border-gray-700 dark:bg-gray-900 dark:focus:border-primary-400"
      />
      {text ? (
        <button
          type="button"
          aria-label={NEARBY_MESSAGES.clearModel}
          onClick={() => {
            setText('');
            onChange('');
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-0.5 text-gray-400 hover:text-gray-700 dark:hover:text-gray-200"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </label>
  );
}

/** 范围: the radii of NEARBY_RADIUS_CHOICES_KM. */
export function RadiusChoice({ value, onChange }: { value: number; onChange: (km: number) => void }) {
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="sr-only">{NEARBY_MESSAGES.radius}</legend>
      <span aria-hidden="true" className="shrink-0 text-sm text-gray-500 dark:text-gray-400">
        {NEARBY_MESSAGES.radius}
      </span>
      <span className="flex min-w-0 gap-1 overflow-x-auto rounded-full bg-gray-100 p-0.5 [scrollbar-width:none] dark:bg-gray-800">
        {NEARBY_RADIUS_CHOICES_KM.map((km) => (
          <button
            key={km}
            type="button"
            aria-pressed={km === value}
            onClick={() => onChange(km)}
            data-testid={`radius-${km}`}
            className={cn(SEGMENT, 'shrink-0 px-2.5', km === value ? SEGMENT_ON : SEGMENT_OFF)}
          >
            {formatMessage(NEARBY_MESSAGES.radiusKm, { km })}
          </button>
        ))}
      </span>
    </fieldset>
  );
}
