// The shop module's public face: its descriptor, the writes the demo seed uses (the same
// functions the admin endpoints call), and the reads the search module indexes by.
import './shop.events.ts';

export { type CategoryInput, saveCategory } from './categories.service.ts';
/** Checking out (the orders module): cart lines priced now, stock reserved and released, sales counted. */
export {
  addProductSales,
  type CheckoutLine,
  checkoutLines,
  releaseStock,
  removeOrderedLines,
  reserveStock,
  type StockItem,
} from './checkout.service.ts';
/** Money as every shop answer writes it: integer fen inside, "199.00" out. */
export { yuanOf } from './money.ts';
export { type ProductInput, saveProduct, setProductSales, setProductWeight } from './product-admin.service.ts';
export {
  findProductText,
  lastProductId,
  onSaleProductTextsWhere,
  type ProductText,
  productIdsUnderCategory,
  type RankedProductsOptions,
  rankedProducts,
} from './product-search-reads.ts';
export { findProductSummaries, type ProductSummary } from './product-summaries.ts';
export { shopModule } from './shop.module.ts';
/** `productKey` is what other modules' tables reference in foreign keys. */
export { productKey } from './shop.tables.ts';
/** Keyset-paged reads of what the sitemap lists (contract sitemap.ts). */
export {
  type CategoryTrail,
  categoryTrailsOnSale,
  onSaleProductStamps,
  onSaleProductsLastmod,
} from './sitemap-reads.ts';
