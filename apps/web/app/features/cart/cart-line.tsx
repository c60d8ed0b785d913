import { CART_MAX_PER_LINE, type CartLine, formatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { Image } from '~/ui/image.tsx';
import { QuantityStepper } from '~/ui/quantity-stepper.tsx';
import { lineMax } from './cart-rules.ts';
import { CART_MESSAGES } from './messages.ts';

type CartLineRowProps = {
  line: CartLine;
  imageBase: string;
  /** The number shown: the line's own, or the one being saved. */
  number: number;
  isBusy: boolean;
  /**
   * In 管理 mode the line's checkbox ticks it for removal; otherwise it chooses whether 去结算
   * takes it (a line that cannot be bought has none then).
   */
  isSelecting: boolean;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
  onNumber: (next: number) => void;
  onRemove: () => void;
};

/** Why a line cannot be bought: 已售罄 when its SKU has no stock left, otherwise 已下架. */
export function unavailableLabel(line: Pick<CartLine, 'available' | 'stock'>): string | null {
  if (line.available) return null;
  return line.stock <= 0 ? CART_MESSAGES.soldOut : CART_MESSAGES.offSale;
}

/** One line of the cart: cover, title (to the product), spec, price, stepper and remove. */
export function CartLineRow({
  line,
  imageBase,
  number,
  isBusy,
  isSelecting,
  isSelected,
  onSelect,
  onNumber,
  onRemove,
}: CartLineRowProps) {
  const unavailable = unavailableLabel(line);
  const hasMarketPrice = line.market_price !== '' && line.market_price !== line.price;
  return (
    <li
      data-testid="cart-line"
      data-cid={line.cid}
      data-available={line.available ? 'true' : 'false'}
      className="flex gap-3 px-3 py-3 md:px-4 md:py-4"
    >
      {isSelecting || unavailable === null ? (
        <label className="-ml-1 flex shrink-0 items-center self-stretch px-1">
          <input
            type="checkbox"
            data-testid={isSelecting ? 'cart-line-select' : 'cart-line-choose'}
            aria-label={`${CART_MESSAGES.select} ${line.title}`}
            className="size-4.5 accent-primary-600"
            checked={isSelected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        </label>
      ) : null}
      <Link
        to={`/product/${line.pid}`}
        className={cn(
          'relative block size-20 shrink-0 overflow-hidden rounded-lg md:size-24',
          unavailable && 'opacity-50',
        )}
      >
        <Image src={resolveMediaUrl(line.cover, imageBase)} width={96} height={96} alt="" className="size-full" />
        {unavailable ? (
          <span className="absolute inset-x-0 bottom-0 bg-black/60 py-0.5 text-center text-xs text-white">
            {unavailable}
          </span>
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start gap-2">
          <Link
            to={`/product/${line.pid}`}
            data-testid="cart-line-title"
            className={cn(
              'line-clamp-2 min-w-0 flex-1 text-sm leading-snug font-medium hover:text-primary-700 dark:hover:text-primary-400 md:text-[15px]',
              unavailable && 'text-gray-400 dark:text-gray-500',
            )}
          >
            {line.title}
          </Link>
          {isSelecting ? null : (
            <button
              type="button"
              data-testid="cart-line-remove"
              aria-label={`${CART_MESSAGES.remove} ${line.title}`}
              className="-mt-1 -mr-1 flex size-8 shrink-0 items-center justify-center rounded-full text-gray-400 hover:bg-gray-100 hover:text-red-600 dark:text-gray-500 dark:hover:bg-gray-800 dark:hover:text-red-400"
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        {line.spec_text ? (
          <p
            data-testid="cart-line-spec"
            className="mt-1 w-fit max-w-full truncate rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-500 dark:bg-gray-800 dark:text-gray-400"
          >
            {line.spec_text}
          </p>
        ) : null}
        {unavailable ? (
          <p data-testid="cart-line-unavailable" className="mt-1 text-xs text-gray-400 dark:text-gray-500">
            {unavailable} · {CART_MESSAGES.unavailableHint}
          </p>
        ) : line.stock <= 10 ? (
          <p className="mt-1 text-xs text-amber-600 dark:text-amber-400">
            {formatMessage(CART_MESSAGES.stockLeft, { stock: line.stock })}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 pt-2">
          <p className={cn('flex items-baseline gap-1.5', unavailable && 'opacity-50')}>
            <span data-testid="cart-line-price" className="text-base font-semibold text-red-600 dark:text-red-400">
              <span className="text-xs">¥</span>
              {line.price}
            </span>
            {hasMarketPrice ? <s className="text-xs text-gray-400 dark:text-gray-500">¥{line.market_price}</s> : null}
          </p>
          {unavailable ? null : (
            <QuantityStepper
              value={number}
              max={lineMax(line.stock)}
              typedMax={CART_MAX_PER_LINE}
              size="sm"
              disabled={isBusy}
              onChange={onNumber}
            />
          )}
        </div>
      </div>
    </li>
  );
}
