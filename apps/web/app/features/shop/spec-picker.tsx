import type { Product } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { isOptionAvailable, type SpecChoice } from './specs.ts';

type SpecPickerProps = {
  product: Pick<Product, 'specs' | 'skus'>;
  choice: SpecChoice;
  onPick: (group: number, apid: number) => void;
};

/**
 * One row per spec group (颜色, 车型 …) with its options; an option that would only lead
 * to sold-out SKUs (with what is chosen in the other groups) is greyed and cannot be picked.
 */
export function SpecPicker({ product, choice, onPick }: SpecPickerProps) {
  if (product.specs.length === 0) return null;
  return (
    <div data-testid="spec-picker" className="flex flex-col gap-4">
      {product.specs.map((group, g) => (
        <fieldset key={group.name} data-testid="spec-group" data-name={group.name} className="min-w-0">
          <legend className="mb-2 text-sm text-gray-500 dark:text-gray-400">{group.name}</legend>
          <div className="flex flex-wrap gap-2">
            {group.options.map((option) => {
              const isChosen = choice[g] === option.apid;
              const isAvailable = isOptionAvailable(product.skus, choice, g, option.apid);
              return (
                <button
                  key={option.apid}
                  type="button"
                  aria-pressed={isChosen}
                  disabled={!isAvailable && !isChosen}
                  onClick={() => onPick(g, option.apid)}
                  data-testid="spec-option"
                  data-apid={option.apid}
                  data-available={isAvailable ? 'true' : 'false'}
                  className={cn(
                    'min-h-9 rounded-lg border px-3 py-1.5 text-sm transition-colors',
                    isChosen
                      ? 'border-primary-500 bg-primary-50 font-medium text-primary-700 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-200'
                      : 'border-gray-200 text-gray-800 hover:border-gray-400 dark:border-gray-700 dark:text-gray-100 dark:hover:border-gray-500',
                    'disabled:cursor-not-allowed disabled:border-dashed disabled:text-gray-300 disabled:line-through disabled:hover:border-gray-200 dark:disabled:text-gray-600 dark:disabled:hover:border-gray-700',
                  )}
                >
                  {option.name}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
