import { PRODUCT_SORTS, type ProductSort } from '@evcircle/contract/client';

/** The list's order, kept in the address as ?sort=… (absent = default), so a reload keeps it. */
export function readSort(search: URLSearchParams): ProductSort {
  const value = search.get('sort');
  return (PRODUCT_SORTS as readonly string[]).includes(value ?? '') ? (value as ProductSort) : 'default';
}

/** `search` with the order set (default drops the key); the page number never lives in the address. */
export function withSort(search: URLSearchParams, sort: ProductSort): URLSearchParams {
  const next = new URLSearchParams(search);
  if (sort === 'default') next.delete('sort');
  else next.set('sort', sort);
  return next;
}

/** The 价格 button: ascending first, then it flips between the two. */
export function nextPriceSort(current: ProductSort): ProductSort {
  return current === 'price_asc' ? 'price_desc' : 'price_asc';
}
