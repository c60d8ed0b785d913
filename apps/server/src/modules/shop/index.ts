// The shop module's public face: its descriptor, and the writes the demo seed uses
// (the same functions the admin endpoints call).
export { type CategoryInput, saveCategory } from './categories.service.ts';
export { type ProductInput, saveProduct, setProductSales, setProductWeight } from './product-admin.service.ts';
export { shopModule } from './shop.module.ts';
