import { formatMessage, type Product } from '@evcircle/contract/client';
import { QrCode, ShoppingCart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { QuantityStepper } from '~/ui/quantity-stepper.tsx';
import { SHOP_MESSAGES } from './messages.ts';
import { discountOf } from './price.ts';
import { PriceTag } from './price-tag.tsx';
import { SpecPicker } from './spec-picker.tsx';
import {
  choiceText,
  chosenSku,
  clampQuantity,
  initialChoice,
  maxQuantity,
  missingGroups,
  type SpecChoice,
  toggleOption,
} from './specs.ts';
import { useAddToCart } from './use-add-to-cart.ts';

/** The mini-program code loads when first asked for. */
const QrSheet = lazyComponent(() => import('./qr-sheet.tsx').then((module) => module.QrSheet));
/**
 * 限时特惠 (its countdown and Beijing-time formatting) loads beside the page, for the
 * products that have one: the server's HTML already shows when it ends.
 */
const PromotionBand = lazyComponent(() => import('./promotion-band.tsx').then((module) => module.PromotionBand));

type ProductPurchaseProps = {
  product: Product;
  /** Phones: the two buttons stick to the bottom of the screen, under `children`. */
  isStacked: boolean;
  /** What comes between the quantity and the buttons on phones (the description), so the buttons stay in view over it. */
  children?: ReactNode;
};

/**
 * What to buy and how: the price block (the chosen SKU's once chosen), the promotion, the
 * spec picker, 库存 N 件, the quantity, 加入购物车 and 小程序购买.
 */
export function ProductPurchase({ product, isStacked, children }: ProductPurchaseProps) {
  const [choice, setChoice] = useState<SpecChoice>(() => initialChoice(product.specs, product.skus));
  const [quantity, setQuantity] = useState(1);
  const [isQrOpen, setQrOpen] = useState(false);
  const [hasOpenedQr, setHasOpenedQr] = useState(false);
  const { add, isAdding } = useAddToCart();

  const sku = chosenSku(product.skus, choice);
  const stock = sku ? sku.stock : product.stock;
  const max = maxQuantity(stock);
  const shownQuantity = clampQuantity(quantity, max);
  const missing = missingGroups(product.specs, choice);
  const isSoldOut = sku ? sku.stock <= 0 : product.stock <= 0;
  const price = sku?.price ?? product.price;
  const marketPrice = sku ? sku.market_price : product.market_price;
  const discount = sku ? discountOf(sku.price, sku.market_price) : product.discount;

  const pick = (group: number, apid: number) => setChoice((now) => toggleOption(product.skus, now, group, apid));

  const onAdd = () => void add(product.pid, sku ? sku.apids : null, shownQuantity);

  const actions = (
    <div
      className={cn(
        'flex gap-3',
        isStacked &&
          'sticky bottom-0 z-10 -mx-4 border-t border-gray-100 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] backdrop-blur dark:border-gray-800 dark:bg-gray-900/95',
      )}
    >
      <Button
        variant="outline"
        size="lg"
        className="flex-1 px-3"
        onClick={() => {
          setHasOpenedQr(true);
          setQrOpen(true);
        }}
        data-testid="buy-mini-program"
      >
        <QrCode aria-hidden="true" className="size-5" />
        {SHOP_MESSAGES.buyInMiniProgram}
      </Button>
      <Button
        size="lg"
        className="flex-1 px-3"
        disabled={isSoldOut || isAdding}
        onClick={onAdd}
        data-testid="add-to-cart"
        aria-describedby="purchase-hint"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {isSoldOut ? SHOP_MESSAGES.soldOut : isAdding ? SHOP_MESSAGES.adding : SHOP_MESSAGES.addToCart}
      </Button>
    </div>
  );

  return (
    <div data-testid="product-purchase" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <PriceTag price={price} marketPrice={marketPrice} discount={discount} size="page" />
        {product.promotion ? <PromotionBand promotion={product.promotion} /> : null}
      </div>
      <SpecPicker product={product} choice={choice} onPick={pick} />
      <div className="flex flex-col gap-3">
        <p id="purchase-hint" className="text-sm text-gray-500 dark:text-gray-400" data-testid="purchase-hint">
          {missing.length > 0 ? formatMessage(SHOP_MESSAGES.chooseSpec, { names: missing.join(' / ') }) : null}
          {missing.length === 0 && product.specs.length > 0 ? (
            <span className="mr-3" data-testid="chosen-spec">
              {SHOP_MESSAGES.chosen}：{choiceText(product.specs, choice)}
            </span>
          ) : null}
          <span data-testid="product-stock" className={cn(isSoldOut && 'text-red-600 dark:text-red-400')}>
            {missing.length > 0 ? ' · ' : ''}
            {isSoldOut ? SHOP_MESSAGES.soldOut : formatMessage(SHOP_MESSAGES.stock, { count: stock })}
          </span>
        </p>
        <div className="flex items-center gap-3">
          <span id="quantity-label" className="text-sm text-gray-500 dark:text-gray-400">
            {UI_MESSAGES.quantity}
          </span>
          <QuantityStepper
            value={shownQuantity}
            max={sku ? max : 0}
            labelledBy="quantity-label"
            onChange={(next) => setQuantity(clampQuantity(next, max))}
          />
          {sku && max > 0 && shownQuantity >= max ? (
            <span className="text-xs text-gray-400 dark:text-gray-500">
              {formatMessage(SHOP_MESSAGES.limitPerLine, { count: max })}
            </span>
          ) : null}
        </div>
      </div>
      {children}
      {actions}
      {hasOpenedQr ? <QrSheet pid={product.pid} open={isQrOpen} onClose={() => setQrOpen(false)} /> : null}
    </div>
  );
}
