import {
  adminCategoryDelete,
  adminCategorySave,
  adminProductInfo,
  adminProductList,
  adminProductOnSale,
  adminProductSave,
  cartAdd,
  cartCount,
  cartDelete,
  cartList,
  cartUpdateNumber,
  categoryTree,
  productInfo,
  productQrcode,
  productsByCategory,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import {
  addToCart,
  cartCount as countCart,
  deleteCartLines,
  deleteCartOf,
  cartList as listCart,
  updateCartNumber,
} from './cart.service.ts';
import { listProducts, productDetail } from './catalog.service.ts';
import { deleteCategory, categoryTree as readCategoryTree, saveCategory } from './categories.service.ts';
import {
  adminProduct,
  adminProductList as listAdminProducts,
  saveProduct,
  setProductOnSale,
} from './product-admin.service.ts';
import { productQrcode as makeProductQrcode } from './product-qrcode.ts';
import * as tables from './shop.tables.ts';

/** The shop (SPEC.md §7 "Shop"): categories, products, the cart, and the shop's admin. */
export const shopModule = defineModule({
  name: 'shop',
  tables,
  endpoints: (app) => [
    serve(categoryTree, () => readCategoryTree(app.db)),
    serve(productsByCategory, ({ size, others }) =>
      listProducts(app.db, { cid: others.cid, page: others.page, sort: others.sort, size }),
    ),
    serve(productInfo, ({ pid }) => productDetail(app.db, pid)),
    serve(productQrcode, async ({ pid, env_version }) => ({
      qrcodeUrl: await makeProductQrcode({ db: app.db, config: app.config, log: app.log }, pid, env_version),
    })),
    serve(cartAdd, (input, { viewer }) => addToCart(app.db, viewer.id, input)),
    serve(cartCount, async (_input, { viewer }) => ({ count: await countCart(app.db, viewer.id) })),
    serve(cartList, (_input, { viewer }) => listCart(app.db, viewer.id)),
    serve(cartDelete, async ({ cids }, { viewer }) => ({
      result: true,
      ...(await deleteCartLines(app.db, viewer.id, cids)),
    })),
    serve(cartUpdateNumber, ({ cid, number }, { viewer }) => updateCartNumber(app.db, viewer.id, cid, number)),
    serve(adminProductSave, async (input) => ({ pid: await saveProduct(app.db, input, app.storage) })),
    serve(adminProductList, (query) => listAdminProducts(app.db, query)),
    serve(adminProductInfo, ({ pid }) => adminProduct(app.db, pid)),
    serve(adminProductOnSale, async ({ pid, on_sale }) => {
      await setProductOnSale(app.db, pid, on_sale);
      return { result: true };
    }),
    serve(adminCategorySave, async (input) => ({ cid: await saveCategory(app.db, input) })),
    serve(adminCategoryDelete, async ({ cid }) => {
      await deleteCategory(app.db, cid);
      return { result: true };
    }),
  ],
  events: {
    // A deleted account's cart goes with it.
    'account.deleted': { inTransaction: ({ userId }, tx) => deleteCartOf(tx, userId) },
  },
});
