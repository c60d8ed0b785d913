import { type ProductCard as Card, resizedImageUrl } from '@evcircle/contract/client';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Image } from '~/ui/image.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { SHOP_MESSAGES } from './messages.ts';
import { soldLabel } from './price.ts';
import { PriceTag } from './price-tag.tsx';

type ProductCardProps = {
  product: Card;
  imageBase: string;
  isPriority: boolean;
  /** The title as shown (two lines); the product's own by default. */
  title?: ReactNode;
  /** A plain click opens the product modal (the link stays for new tabs and crawlers). */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** A product in a list: cover, title (two lines), price block, 限时特惠, 已售 N or 售罄. */
export function ProductCard({ product, imageBase, isPriority, title, onOpen }: ProductCardProps) {
  const isSoldOut = product.stock <= 0;
  return (
    <article
      data-testid="product-card"
      data-pid={product.pid}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-900/5 transition hover:shadow-md dark:bg-gray-900 dark:ring-white/10"
    >
      <Link
        to={`/product/${product.pid}`}
        onClick={onOpen}
        data-testid="product-card-link"
        className="block focus-visible:outline-2 focus-visible:outline-primary-500"
      >
        <div className="relative">
          <Image
            src={resizedImageUrl(product.cover, imageBase)}
            width={1}
            height={1}
            alt={product.title}
            isPriority={isPriority}
            className={isSoldOut ? 'opacity-60' : undefined}
          />
          {product.promotion ? (
            <span
              data-testid="product-promotion"
              className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-[11px] font-medium text-white shadow"
            >
              {SHOP_MESSAGES.promotion}
            </span>
          ) : null}
          {isSoldOut ? (
            <span
              data-testid="product-sold-out"
              className="absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-gray-900/70 text-sm font-medium text-white"
            >
              {SHOP_MESSAGES.soldOut}
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5 p-2.5 md:p-3">
          <h3 className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 text-gray-900 dark:text-gray-100">
            {title ?? product.title}
          </h3>
          <PriceTag price={product.price} marketPrice={product.market_price} discount={product.discount} size="card" />
          <p className="text-xs text-gray-400 dark:text-gray-500">{soldLabel(product.sales)}</p>
        </div>
      </Link>
    </article>
  );
}

/** A card's shape while its page loads. */
export function ProductCardSkeleton() {
  return (
    <div
      data-testid="product-skeleton"
      className="overflow-hidden rounded-xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
      </div>
    </div>
  );
}
