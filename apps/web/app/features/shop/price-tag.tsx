import type { ProductCard } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { discountLabel, priceText, struckMarketPrice } from './price.ts';

type PriceTagProps = {
  price: string;
  marketPrice: ProductCard['market_price'];
  discount: number;
  size: 'card' | 'page';
  className?: string;
};

/** ¥199 in the primary colour, the market price struck through and the discount (7.5折). */
export function PriceTag({ price, marketPrice, discount, size, className }: PriceTagProps) {
  const struck = struckMarketPrice(price, marketPrice);
  const off = struck ? discountLabel(discount) : null;
  return (
    <div className={cn('flex min-w-0 flex-wrap items-baseline gap-x-1.5', className)} data-testid="price-tag">
      <span
        data-testid="product-price"
        data-price={price}
        className={cn(
          'font-semibold text-primary-600 tabular-nums dark:text-primary-400',
          size === 'page' ? 'text-3xl' : 'text-base',
        )}
      >
        <span className={size === 'page' ? 'text-lg' : 'text-xs'}>{SHOP_MESSAGES.yuan}</span>
        {priceText(price)}
      </span>
      {struck ? (
        <s
          data-testid="product-market-price"
          className={cn('text-gray-400 tabular-nums dark:text-gray-500', size === 'page' ? 'text-sm' : 'text-xs')}
        >
          <span className="sr-only">{SHOP_MESSAGES.marketPrice}</span>
          {SHOP_MESSAGES.yuan}
          {priceText(struck)}
        </s>
      ) : null}
      {off ? (
        <span
          data-testid="product-discount"
          className={cn(
            'rounded bg-red-50 px-1 font-medium text-red-600 dark:bg-red-950/60 dark:text-red-300',
            size === 'page' ? 'text-sm' : 'text-[11px] leading-4',
          )}
        >
          {off}
        </span>
      ) : null}
    </div>
  );
}
