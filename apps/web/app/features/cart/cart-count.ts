import { useSyncExternalStore } from 'react';

// How many items the viewer's cart holds, shared by everything that shows or changes it
// (the header badge, add to cart, the cart page): null until known, and for a visitor.
let count: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every badge the cart's new count (an answer of cart/add, updnumber, del or count). */
export function setCartCount(next: number | null): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** The cart's count as last told; null on the server and until known. */
export function useCartCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
}
