// The cart feature's public face: the shared count (the header's cart link shows it, with
// the badge's text) and the cart page.
export { setCartCount, useCartCount } from './cart-count.ts';
export { badgeText } from './cart-rules.ts';
export { type Cart, CartView } from './cart-view.tsx';
export { CART_MESSAGES } from './messages.ts';
