import { formatMessage, type ProductCard } from '@evcircle/contract/client';
import { Timer } from 'lucide-react';
import { formatDateTime } from '~/lib/china-time.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { promotionCountdown } from './price.ts';
import { useNow } from './use-now.ts';

/** 限时特惠 with the time left (ticking), or when it ends until the page has a clock. */
export function PromotionBand({ promotion }: { promotion: NonNullable<ProductCard['promotion']> }) {
  const now = useNow();
  const left = now === null ? null : promotionCountdown(promotion.ends_at, now);
  const text =
    now === null
      ? formatMessage(SHOP_MESSAGES.promotionEndsAt, { time: formatDateTime(promotion.ends_at) })
      : left
        ? formatMessage(SHOP_MESSAGES.promotionEndsIn, { time: left })
        : SHOP_MESSAGES.promotionEnded;
  return (
    <div
      data-testid="promotion-band"
      className="flex items-center justify-between gap-3 rounded-lg bg-gradient-to-r from-red-600 to-orange-500 px-3 py-2 text-white"
    >
      <span className="flex items-center gap-1.5 text-sm font-semibold">
        <Timer aria-hidden="true" className="size-4" />
        {SHOP_MESSAGES.promotion}
      </span>
      <span className="text-xs tabular-nums" data-testid="promotion-countdown">
        {text}
      </span>
    </div>
  );
}
