import {
  ApiError,
  type CategoryNode,
  categoryTree,
  formatMessage,
  type ProductCard,
  type ProductSort,
  productsByCategory,
  SHOP_PAGE_SIZE,
  STATUS,
  type WebLoadContext,
} from '@evcircle/contract/client';
import { data } from 'react-router';
import { serverApi } from '~/lib/api.ts';
import { resolveCategoryPath } from './category-path.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { loadModalProduct, type ProductModalPreload } from './modal-params.ts';
import { readSort } from './sort.ts';

export type ShopPageData = {
  tree: CategoryNode[];
  /** From the top category down to the one shown; [] on /shop. */
  path: CategoryNode[];
  sort: ProductSort;
  /** Page 1 of the list; null when that call failed (the page says so). */
  products: ProductCard[] | null;
  modal: ProductModalPreload | null;
  imageBase: string;
};

/**
 * The loader of /shop (no `splat`) and /shop/category/{…}: the category tree, the
 * category the address names (an unknown one is the 404 page with HTTP 404), page 1 in
 * the address's order, and the product a reload with the modal keys shows.
 */
export async function loadShopPage(context: WebLoadContext, request: Request, splat?: string): Promise<ShopPageData> {
  const url = new URL(request.url);
  const api = serverApi(context);
  const sort = readSort(url.searchParams);
  const tree = await api.call(categoryTree, {});
  let path: CategoryNode[] = [];
  if (splat !== undefined) {
    const resolved = resolveCategoryPath(tree, splat);
    if (!resolved) throw data(null, { status: 404 });
    path = resolved;
  }
  const cid = path[path.length - 1]?.cid;
  const [products, modal] = await Promise.all([
    api
      .call(productsByCategory, {
        size: SHOP_PAGE_SIZE,
        others: JSON.stringify({ ...(cid === undefined ? {} : { cid }), page: 1, sort }),
      })
      .then(
        (answer) => answer.items,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) throw data(null, { status: 404 });
          console.error('[shop] list failed', error);
          return null;
        },
      ),
    loadModalProduct(api, url),
  ]);
  return { tree, path, sort, products, modal, imageBase: context.publicConfig.imageBase };
}

/** <title> and description of /shop and of a category. */
export function shopMeta(page: ShopPageData | undefined) {
  if (!page) return [{ title: SHOP_MESSAGES.categoryNotFoundTitle }, { name: 'robots', content: 'noindex' }];
  const name = page.path[page.path.length - 1]?.cname;
  const title = name ? formatMessage(SHOP_MESSAGES.categoryTitle, { name }) : SHOP_MESSAGES.shopTitle;
  return [
    { title },
    { name: 'description', content: SHOP_MESSAGES.shopDescription },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'website' },
  ];
}
