import { formatMessage } from '@evcircle/contract/client';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SHOP_MESSAGES } from './messages.ts';
import { clampQuantity } from './specs.ts';

type QuantityStepperProps = {
  value: number;
  /** Most units allowed (stock, at most CART_MAX_PER_LINE); 0 disables it. */
  max: number;
  onChange: (value: number) => void;
};

/** − [n] +, kept between 1 and `max`; typed numbers are clamped when the field is left. */
export function QuantityStepper({ value, max, onChange }: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const isDisabled = max < 1;
  const button =
    'flex size-9 items-center justify-center text-gray-600 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-300 dark:text-gray-300 dark:hover:bg-gray-800 dark:disabled:text-gray-600';
  return (
    <div className="flex items-center gap-3">
      <span id="quantity-label" className="text-sm text-gray-500 dark:text-gray-400">
        {SHOP_MESSAGES.quantity}
      </span>
      <div
        data-testid="quantity-stepper"
        className="inline-flex items-center overflow-hidden rounded-lg border border-gray-200 dark:border-gray-700"
      >
        <button
          type="button"
          aria-label={SHOP_MESSAGES.decrease}
          disabled={isDisabled || value <= 1}
          onClick={() => onChange(clampQuantity(value - 1, max))}
          data-testid="quantity-decrease"
          className={button}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          aria-labelledby="quantity-label"
          inputMode="numeric"
          value={text}
          disabled={isDisabled}
          onChange={(event) => setText(event.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={() => {
            const next = clampQuantity(Number(text || '1'), max);
            setText(String(next));
            onChange(next);
          }}
          data-testid="quantity-input"
          className="h-9 w-12 border-x border-gray-200 bg-transparent text-center text-sm tabular-nums outline-none dark:border-gray-700"
        />
        <button
          type="button"
          aria-label={SHOP_MESSAGES.increase}
          disabled={isDisabled || value >= max}
          onClick={() => onChange(clampQuantity(value + 1, max))}
          data-testid="quantity-increase"
          className={button}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      {max > 0 && value >= max ? (
        <span className="text-xs text-gray-400 dark:text-gray-500">
          {formatMessage(SHOP_MESSAGES.limitPerLine, { count: max })}
        </span>
      ) : null}
    </div>
  );
}
