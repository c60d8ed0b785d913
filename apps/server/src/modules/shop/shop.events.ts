// What the shop module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** A product was created or edited, or put on or taken off sale (in its transaction). */
    'product.changed': { productId: number };
    /** A category was created, renamed or moved (in its transaction): its products' category path changed. */
    'category.changed': { categoryId: number };
  }
}

export {};
