import { Crown } from 'lucide-react';
import { cn } from './cn.ts';
import { UI_MESSAGES } from './messages.ts';

/** VIP crown badge beside a name (is_vip = 1, or the isVIP variant). */
export function VipBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="vip-badge"
      title={UI_MESSAGES.vipLabel}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-full bg-gradient-to-r from-amber-400 to-orange-500 px-1.5 py-0.5 text-[11px] font-bold leading-none text-white',
        className,
      )}
    >
      <Crown aria-hidden="true" className="size-3" />
      {UI_MESSAGES.vip}
    </span>
  );
}
