// The shop admin's public face: the page of /admin/products and its wording.
export { SHOP_ADMIN_MESSAGES } from './messages.ts';
export { ShopAdmin, type ShopAdminView } from './shop-admin.tsx';
