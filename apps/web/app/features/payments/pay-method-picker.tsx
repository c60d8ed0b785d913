import type { PayType } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { PAYMENTS_MESSAGES } from './messages.ts';
import type { PayMethod } from './pay-rules.ts';

type PayMethodPickerProps = {
  methods: readonly PayMethod[];
  value: PayType | null;
  onChange: (payType: PayType) => void;
  /** Each option is `${testIdPrefix}-${pay_type}` (vip-pay-method-sandbox, pay-method-wechat). */
  testIdPrefix: string;
};

/** The pay methods of every checkout as radio cards (the server's order: the first is chosen first). */
export function PayMethodPicker({ methods, value, onChange, testIdPrefix }: PayMethodPickerProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{PAYMENTS_MESSAGES.payMethod}</legend>
      <div className="space-y-2">
        {methods.map((method) => (
          <label
            key={method.pay_type}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 ring-1 transition-colors',
              value === method.pay_type
                ? 'bg-primary-50 ring-primary-500 dark:bg-primary-950/50'
                : 'ring-gray-200 hover:bg-gray-50 dark:ring-gray-700 dark:hover:bg-gray-800',
            )}
          >
            <input
              type="radio"
              name="pay-method"
              value={method.pay_type}
              checked={value === method.pay_type}
              onChange={() => onChange(method.pay_type)}
              className="size-4 accent-primary-600"
              data-testid={`${testIdPrefix}-${method.pay_type}`}
            />
            <span className="text-sm font-medium">{method.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
