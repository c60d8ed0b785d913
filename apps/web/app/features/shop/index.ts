// The shop feature's public face: the shop's list pages, the product page and their
// loaders, and the product grid with its modal (address and lazily loaded host), which
// the search page's product results reuse.

export { CategoryNotFound, ProductNotFound } from './lazy-not-found.tsx';
export { SHOP_MESSAGES } from './messages.ts';
export {
  isProductListAddress,
  loadModalProduct,
  type ProductModalPreload,
  readProductModal,
} from './modal-params.ts';
export { PriceTag } from './price-tag.tsx';
export { ProductCardSkeleton } from './product-card.tsx';
export { ProductGrid } from './product-grid.tsx';
export { loadProductPage, productMeta } from './product-page.ts';
export { ProductPageView } from './product-page-view.tsx';
export { loadShopPage, shopMeta } from './shop-page.ts';
export { ShopPageView } from './shop-page-view.tsx';
