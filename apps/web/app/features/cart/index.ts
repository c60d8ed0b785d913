// The cart feature's public face: the shared count, the header's cart link and the cart page.
export { setCartCount, useCartCount } from './cart-count.ts';
export { CartLink } from './cart-link.tsx';
export { type Cart, CartView } from './cart-view.tsx';
export { CART_MESSAGES } from './messages.ts';
