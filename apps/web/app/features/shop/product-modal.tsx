import { lazyComponent } from '~/lib/lazy-component.ts';
import { useModalAddress } from '~/lib/use-modal-address.ts';
import type { ProductModalHostProps } from './product-modal-host.tsx';

/**
 * The product modal (its view, gallery, specs, share and QR sheets) loads when a product
 * is first opened from a list, not with the list (docs/decisions/0011).
 */
export const LazyProductModalHost = lazyComponent<ProductModalHostProps>(() =>
  import('./product-modal-host.tsx').then((module) => module.ProductModalHost),
);

/**
 * The product modal's address on a list page (SPEC.md §2): `target` is what the address
 * opens, `open` a card's click, `go`/`close` for the host (ProductGrid, on the shop's
 * pages and the search page's product results).
 */
export function useProductModal() {
  return useModalAddress('productId');
}
