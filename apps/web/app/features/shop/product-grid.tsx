import {
  type ProductCard as Card,
  type ProductSort,
  productsByCategory,
  SHOP_PAGE_SIZE,
} from '@evcircle/contract/client';
import { PackageOpen } from 'lucide-react';
import { type MouseEvent, type ReactNode, useCallback, useMemo } from 'react';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { SHOP_MESSAGES } from './messages.ts';
import type { ProductModalPreload } from './modal-params.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { LazyProductModalHost, useProductModal } from './product-modal.tsx';

/** Start loading the next page this far before the bottom comes into view. */
const PREFETCH_MARGIN = '0px 0px 800px 0px';

/** A plain left click: the one the modal takes over (new tabs keep the link). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Pages (1-based) of a category's products in an order, for ProductGrid.
 * `cid` null = every product.
 */
export function useCategoryProducts(cid: number | null, sort: ProductSort): (page: number) => Promise<Card[]> {
  const api = useApi();
  return useCallback(
    async (page: number) => {
      const answer = await api.call(productsByCategory, {
        size: SHOP_PAGE_SIZE,
        others: JSON.stringify({ ...(cid === null ? {} : { cid }), page, sort }),
      });
      return answer.items;
    },
    [api, cid, sort],
  );
}

type ProductGridProps<P extends Card> = {
  /** Page 1, rendered on the server (a new array when the category or the order changed). */
  firstPage: P[];
  /** Fetches a page (2, 3, …) in the browser; a page shorter than SHOP_PAGE_SIZE is the last. */
  fetchPage: (page: number) => Promise<P[]>;
  imageBase: string;
  /** The modal the server loaded for the address (a reload with the modal keys). */
  modalPreload: ProductModalPreload | null;
  /** Shown instead of the grid when there is nothing at all; the category's wording by default. */
  empty?: ReactNode;
  /** A card's title instead of the product's own (search results show what matched). */
  renderTitle?: (product: P) => ReactNode;
  /** Accessible name of the list. */
  label?: string;
};

/**
 * Products in a grid with infinite scroll (skeletons while a page loads, a retry after a
 * failure): a category's (useCategoryProducts), or a search's. A card opens the product
 * modal over it, whose previous / next walk through the products loaded here.
 */
export function ProductGrid<P extends Card>({
  firstPage,
  fetchPage,
  imageBase,
  modalPreload,
  empty,
  renderTitle,
  label = SHOP_MESSAGES.products,
}: ProductGridProps<P>) {
  const { items, status, loadMore } = usePagedList({
    firstPage,
    size: SHOP_PAGE_SIZE,
    fetchPage,
    keyOf: (product) => product.pid,
  });
  const indexOf = useMemo(() => new Map(items.map((product, i) => [product.pid, i])), [items]);
  const modal = useProductModal();
  // Crawlers always follow the link to the full page (root data: judged on the server).
  const isCrawler = useRootData()?.isCrawler ?? false;
  const sentinel = useLoadMoreSentinel(status, () => void loadMore(), PREFETCH_MARGIN);

  const openModal = modal.open;
  const onOpen = useCallback(
    (product: P) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (isCrawler || !isPlainClick(event)) return;
      event.preventDefault();
      openModal({ productId: product.pid, index: indexOf.get(product.pid) ?? 0 });
    },
    [isCrawler, openModal, indexOf],
  );

  const host = modal.target ? (
    <LazyProductModalHost
      target={modal.target}
      products={items}
      preload={modalPreload}
      imageBase={imageBase}
      go={modal.go}
      close={modal.close}
      onNearEnd={() => void loadMore()}
    />
  ) : null;

  if (items.length === 0 && status === 'done') {
    return (
      <>
        {empty ?? (
          <div data-testid="product-empty" className="flex flex-col items-center py-24 text-center">
            <PackageOpen aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-600" />
            <p className="mt-3 text-base font-medium">{SHOP_MESSAGES.empty}</p>
            <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{SHOP_MESSAGES.emptyHint}</p>
          </div>
        )}
        {host}
      </>
    );
  }

  return (
    <section aria-label={label} aria-busy={status === 'loading'}>
      <div
        data-testid="product-grid"
        className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 2xl:grid-cols-5"
      >
        {items.map((product, i) => (
          <ProductCard
            key={product.pid}
            product={product}
            imageBase={imageBase}
            isPriority={i < 4}
            title={renderTitle?.(product)}
            onOpen={onOpen(product)}
          />
        ))}
        {status === 'loading'
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ProductCardSkeleton key={i} />
            ))
          : null}
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <ListFooter status={status} onLoadMore={loadMore} />
      {host}
    </section>
  );
}
