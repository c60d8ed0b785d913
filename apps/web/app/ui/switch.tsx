import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

type SwitchProps = Omit<ComponentProps<'button'>, 'type' | 'role' | 'aria-checked' | 'onClick' | 'onChange'> & {
  checked: boolean;
  /** Called with the state a press asks for; the owner decides (and may refuse it). */
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch (打卡, 推送给附近车友, 隐身): a button with role="switch" and
 * aria-checked, so screen readers announce 开/关 and Space or Enter flips it. Name it
 * with `aria-labelledby` (and `aria-describedby` for a hint) pointing at the text beside
 * it; place it through `className`.
 */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        checked ? 'bg-primary-600' : 'bg-gray-300 dark:bg-gray-700',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
          checked && 'translate-x-5',
        )}
      />
    </button>
  );
}
