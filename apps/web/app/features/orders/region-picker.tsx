import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import {
  chooseCity,
  chooseDistrict,
  chooseProvince,
  citiesOf,
  districtsOf,
  type RegionChoice,
} from './region-choice.ts';
import { useRegions } from './use-regions.ts';

const SELECT =
  'h-10 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-2 text-sm disabled:opacity-50 dark:border-gray-700 dark:bg-gray-900';

/**
 * 省 / 市 / 区 as three cascading selects (the phone's own wheel on a phone), fed by the
 * regions call, which runs when the first picker opens.
 */
export function RegionPicker({ value, onChange }: { value: RegionChoice; onChange: (next: RegionChoice) => void }) {
  const regions = useRegions();
  const id = useId();
  if (regions.state === 'loading') {
    return (
      <p role="status" className="flex h-10 items-center gap-2 text-sm text-gray-500 dark:text-gray-400">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {ORDERS_MESSAGES.regionsLoading}
      </p>
    );
  }
  if (regions.state === 'failed') {
    return (
      <p role="alert" className="flex h-10 items-center gap-2 text-sm text-red-600 dark:text-red-400">
        {ORDERS_MESSAGES.regionsFailed}
        <Button variant="ghost" size="sm" onClick={regions.retry}>
          {ORDERS_MESSAGES.retry}
        </Button>
      </p>
    );
  }
  const { tree } = regions;
  const cities = citiesOf(tree, value.province);
  const districts = districtsOf(tree, value.province, value.city);
  const part = (
    key: keyof RegionChoice,
    label: string,
    options: readonly string[],
    choose: (name: string) => RegionChoice,
  ) => (
    <label className="min-w-0" htmlFor={`${id}-${key}`}>
      <span className="sr-only">{label}</span>
      <select
        id={`${id}-${key}`}
        data-testid={`region-${key}`}
        className={cn(SELECT, value[key] === '' && 'text-gray-500 dark:text-gray-400')}
        value={value[key]}
        disabled={options.length === 0}
        onChange={(event) => onChange(choose(event.target.value))}
      >
        <option value="" disabled>
          {label}
        </option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="grid grid-cols-3 gap-2" data-testid="region-picker">
      {part(
        'province',
        ORDERS_MESSAGES.province,
        tree.map((p) => p.name),
        (name) => chooseProvince(tree, name),
      )}
      {part('city', ORDERS_MESSAGES.city, cities, (name) => chooseCity(tree, value, name))}
      {part('district', ORDERS_MESSAGES.district, districts, (name) => chooseDistrict(value, name))}
    </div>
  );
}
