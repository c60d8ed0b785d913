import {
  type ApiClient,
  type CategoryNode,
  type Product,
  type ProductCard,
  productInfo,
  productsByCategory,
} from '@evcircle/contract';

/** A top category with sub-categories (the seed has two levels at least). */
export async function categoryWithChildren(
  api: ApiClient,
  tree: CategoryNode[],
): Promise<{ top: CategoryNode; sub: CategoryNode }> {
  for (const top of tree) {
    for (const sub of top.children) {
      const { items } = await api.call(productsByCategory, { size: 1, others: JSON.stringify({ cid: sub.cid }) });
      if (items.length > 0) return { top, sub };
    }
  }
  throw new Error('the seed has a sub-category with products');
}

/** Every product on sale, in the default order. */
export async function allProducts(api: ApiClient): Promise<ProductCard[]> {
  const all: ProductCard[] = [];
  for (let page = 1; page < 20; page++) {
    const { items, hasMore } = await api.call(productsByCategory, { size: 50, others: JSON.stringify({ page }) });
    all.push(...items);
    if (!hasMore) break;
  }
  return all;
}

/** The first product (in list order) whose detail passes `test`. */
export async function findProduct(api: ApiClient, test: (product: Product) => boolean): Promise<Product> {
  for (const card of await allProducts(api)) {
    const product = await api.call(productInfo, { pid: card.pid });
    if (test(product)) return product;
  }
  throw new Error('no product in the seed fits');
}
