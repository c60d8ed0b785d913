// The shop feature's public face: the shop's list pages, the product page and their
// loaders, and the product modal (its address and lazily loaded host), which a search
// page listing products reuses.

export { CategoryNotFound } from './category-not-found.tsx';
export { SHOP_MESSAGES } from './messages.ts';
export {
  isProductListAddress,
  loadModalProduct,
  type ProductModalPreload,
  readProductModal,
} from './modal-params.ts';
export { ProductCard } from './product-card.tsx';
export { LazyProductModalHost, useProductModal } from './product-modal.tsx';
export { ProductNotFound } from './product-not-found.tsx';
export { loadProductPage, productMeta } from './product-page.ts';
export { ProductPageView } from './product-page-view.tsx';
export { loadShopPage, shopMeta } from './shop-page.ts';
export { ShopPageView } from './shop-page-view.tsx';
