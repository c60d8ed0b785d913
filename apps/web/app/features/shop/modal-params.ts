import { type ApiClient, ApiError, type Product, productInfo, STATUS } from '@evcircle/contract/client';
import { type AddressModal, readAddressModal } from '~/lib/modal-address.ts';

/** Which product the modal shows (modal=true&productId&index, SPEC.md §2), and its place in the list. */
export type ProductModalTarget = AddressModal<'productId'>;

export function readProductModal(search: URLSearchParams): ProductModalTarget | null {
  return readAddressModal(search, 'productId');
}

/**
 * The lists a product opens from as a modal (SPEC.md §2): /shop, /shop/category/…, and
 * /search showing products (type=product).
 */
export function isProductListAddress(pathname: string, search: URLSearchParams): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/shop' || /^\/shop\/category\/\d/.test(path)) return true;
  return path === '/search' && search.get('type') === 'product';
}

/** A product asked for by the address, as a list's loader renders it on the server. */
export type ProductModalPreload = { productId: number; product: Product | null };

/**
 * For a list page's loader: the product the address opens as a modal (a reload with the
 * modal keys renders it on the server); `product: null` when it is gone; null without keys.
 */
export async function loadModalProduct(api: ApiClient, url: URL): Promise<ProductModalPreload | null> {
  const target = readProductModal(url.searchParams);
  if (!target) return null;
  try {
    return { productId: target.productId, product: await api.call(productInfo, { pid: target.productId }) };
  } catch (error) {
    if (
      !(error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED))
    ) {
      console.error('[product modal] detail failed', error);
    }
    return { productId: target.productId, product: null };
  }
}
