import type { ProductSort } from '@evcircle/contract/client';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { searchString, withoutAddressModal } from '~/lib/modal-address.ts';
import { cn } from '~/ui/cn.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { nextPriceSort, withSort } from './sort.ts';

/**
 * 综合 / 最新 / 价格 ↑↓ / 销量: links that change ?sort= (so a reload, a shared link and the
 * back button keep the order); 价格 flips between ascending and descending.
 */
export function SortBar({ sort }: { sort: ProductSort }) {
  const location = useLocation();
  const plain: { sort: ProductSort; label: string }[] = [
    { sort: 'default', label: SHOP_MESSAGES.sortDefault },
    { sort: 'newest', label: SHOP_MESSAGES.sortNewest },
  ];
  const href = (next: ProductSort) => {
    const search = withSort(withoutAddressModal(new URLSearchParams(location.search), 'productId'), next);
    return `${location.pathname}${searchString(search)}`;
  };
  const isPrice = sort === 'price_asc' || sort === 'price_desc';
  const PriceIcon = sort === 'price_asc' ? ArrowUp : sort === 'price_desc' ? ArrowDown : ArrowUpDown;
  const item = (isActive: boolean) =>
    cn(
      'inline-flex h-8 items-center gap-0.5 rounded-full px-3 text-sm transition-colors',
      isActive
        ? 'bg-primary-50 font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-300'
        : 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
    );
  return (
    <nav aria-label={SHOP_MESSAGES.sortLabel} data-testid="sort-bar" className="flex items-center gap-1">
      {plain.map((entry) => (
        <Link
          key={entry.sort}
          to={href(entry.sort)}
          replace
          preventScrollReset
          aria-current={sort === entry.sort ? 'true' : undefined}
          data-testid={`sort-${entry.sort}`}
          className={item(sort === entry.sort)}
        >
          {entry.label}
        </Link>
      ))}
      <Link
        to={href(nextPriceSort(sort))}
        replace
        preventScrollReset
        aria-current={isPrice ? 'true' : undefined}
        aria-label={
          sort === 'price_asc'
            ? SHOP_MESSAGES.sortPriceAsc
            : sort === 'price_desc'
              ? SHOP_MESSAGES.sortPriceDesc
              : SHOP_MESSAGES.sortPrice
        }
        data-testid="sort-price"
        data-sort={isPrice ? sort : undefined}
        className={item(isPrice)}
      >
        {SHOP_MESSAGES.sortPrice}
        <PriceIcon aria-hidden="true" className="size-3.5" />
      </Link>
      <Link
        to={href('sales')}
        replace
        preventScrollReset
        aria-current={sort === 'sales' ? 'true' : undefined}
        data-testid="sort-sales"
        className={item(sort === 'sales')}
      >
        {SHOP_MESSAGES.sortSales}
      </Link>
    </nav>
  );
}
