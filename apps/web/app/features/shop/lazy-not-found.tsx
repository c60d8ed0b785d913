import { lazyComponent } from '~/lib/lazy-component.ts';

// The shop's 404s (a product, a category): their code loads only on such a page.

export const ProductNotFound = lazyComponent(() =>
  import('./product-not-found.tsx').then((module) => module.ProductNotFound),
);

export const CategoryNotFound = lazyComponent(() =>
  import('./category-not-found.tsx').then((module) => module.CategoryNotFound),
);
