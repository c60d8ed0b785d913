import { CART_MAX_PER_LINE } from '@evcircle/contract/client';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { parseQuantity } from './cart-rules.ts';
import { CART_MESSAGES } from './messages.ts';

type QuantityStepperProps = {
  value: number;
  /** The most the + button reaches (the line's stock, at most CART_MAX_PER_LINE). */
  max: number;
  disabled?: boolean;
  /** A new number was chosen (a step, or a typed number on blur/Enter). */
  onChange: (next: number) => void;
};

const stepClass =
  'flex size-8 items-center justify-center text-gray-600 transition-colors hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 dark:text-gray-300 dark:hover:bg-gray-800 dark:disabled:text-gray-600';

/**
 * − [n] +: the buttons stay within 1..max; a typed number goes to the server as it is (up
 * to CART_MAX_PER_LINE), whose answer decides, so a stock that changed since the page
 * loaded is told, not guessed.
 */
export function QuantityStepper({ value, max, disabled = false, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = parseQuantity(draft, CART_MAX_PER_LINE);
    setDraft(null);
    if (next !== null && next !== value) onChange(next);
  };
  return (
    <div
      data-testid="cart-stepper"
      className={cn(
        'inline-flex h-8 items-stretch overflow-hidden rounded-full border border-gray-300 dark:border-gray-700',
        disabled && 'opacity-60',
      )}
    >
      <button
        type="button"
        data-testid="cart-decrease"
        aria-label={CART_MESSAGES.decrease}
        className={stepClass}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" className="size-3.5" />
      </button>
      <input
        data-testid="cart-number"
        aria-label={CART_MESSAGES.quantity}
        inputMode="numeric"
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className="w-10 border-x border-gray-300 bg-transparent text-center text-sm tabular-nums outline-none focus:bg-gray-50 dark:border-gray-700 dark:focus:bg-gray-900"
      />
      <button
        type="button"
        data-testid="cart-increase"
        aria-label={CART_MESSAGES.increase}
        className={stepClass}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
