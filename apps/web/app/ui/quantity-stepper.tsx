import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn.ts';
import { UI_MESSAGES } from './messages.ts';

/** A typed quantity: a whole number from 1, at most `max`; null for anything else. */
export function parseQuantity(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value < 1) return null;
  return Math.min(value, max);
}

type QuantityStepperProps = {
  value: number;
  /** The most the + button reaches; below 1 disables the stepper (nothing can be bought). */
  max: number;
  /**
   * The most a typed number may ask for (default `max`). The cart lets the server judge
   * up to CART_MAX_PER_LINE, so a stock that changed since the page loaded is told, not guessed.
   */
  typedMax?: number;
  disabled?: boolean;
  size?: 'sm' | 'md';
  /** The id of a visible label of the number field; without it the field is named 数量. */
  labelledBy?: string;
  /** A new number was chosen: a step, or a typed number when the field is left or Enter pressed. */
  onChange: (next: number) => void;
};

/** − [n] +, the quantity of a product to buy or of a cart line. */
export function QuantityStepper({
  value,
  max,
  typedMax = max,
  disabled = false,
  size = 'md',
  labelledBy,
  onChange,
}: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const isDisabled = disabled || max < 1;
  const commit = () => {
    if (draft === null) return;
    const next = parseQuantity(draft, typedMax);
    setDraft(null);
    if (next !== null && next !== value) onChange(next);
  };
  const step = cn(
    'flex items-center justify-center text-gray-600 transition-colors hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 dark:text-gray-300 dark:hover:bg-gray-800 dark:disabled:text-gray-600',
    size === 'sm' ? 'size-8' : 'size-9',
  );
  const icon = size === 'sm' ? 'size-3.5' : 'size-4';
  return (
    <div
      data-testid="quantity-stepper"
      className={cn(
        'inline-flex items-stretch overflow-hidden border border-gray-200 dark:border-gray-700',
        size === 'sm' ? 'h-8 rounded-full' : 'h-9 rounded-lg',
        disabled && 'opacity-60',
      )}
    >
      <button
        type="button"
        data-testid="quantity-decrease"
        aria-label={UI_MESSAGES.decrease}
        className={step}
        disabled={isDisabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" className={icon} />
      </button>
      <input
        data-testid="quantity-input"
        aria-label={labelledBy ? undefined : UI_MESSAGES.quantity}
        aria-labelledby={labelledBy}
        inputMode="numeric"
        disabled={isDisabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className={cn(
          'border-x border-gray-200 bg-transparent text-center text-sm tabular-nums outline-none focus:bg-gray-50 dark:border-gray-700 dark:focus:bg-gray-900',
          size === 'sm' ? 'w-10' : 'w-12',
        )}
      />
      <button
        type="button"
        data-testid="quantity-increase"
        aria-label={UI_MESSAGES.increase}
        className={step}
        disabled={isDisabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" className={icon} />
      </button>
    </div>
  );
}
