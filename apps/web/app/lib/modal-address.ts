import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * The address of a list's modal (SPEC.md §2 post modal and product modal):
 * modal=true&{idKey}=…&index=…, over the list page it was opened from.
 */
export type ModalIdKey = 'postId' | 'productId';

/** Which item the modal shows (under its id key), and its place in the list behind it. */
export type AddressModal<K extends ModalIdKey> = { [P in K]: number } & { index: number };

const ID = /^\d{1,15}$/;

/** The modal the address asks for, or null (modal≠true, or a malformed id). */
export function readAddressModal<K extends ModalIdKey>(search: URLSearchParams, key: K): AddressModal<K> | null {
  if (search.get('modal') !== 'true') return null;
  const id = search.get(key) ?? '';
  if (!ID.test(id) || Number(id) <= 0) return null;
  const index = Number(search.get('index') ?? '0');
  return { [key]: Number(id), index: Number.isInteger(index) && index >= 0 ? index : 0 } as AddressModal<K>;
}

/** `search` without the modal keys of `key`. */
export function withoutAddressModal(search: URLSearchParams, key: ModalIdKey): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of ['modal', key, 'index']) next.delete(name);
  return next;
}

/** `search` with the modal keys set for `target` (other query values kept, modal keys last). */
export function withAddressModal<K extends ModalIdKey>(
  search: URLSearchParams,
  key: K,
  target: AddressModal<K>,
): URLSearchParams {
  const next = withoutAddressModal(search, key);
  next.set('modal', 'true');
  next.set(key, String(target[key]));
  next.set('index', String(target.index));
  return next;
}

/** "?a=b" or "" */
export function searchString(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * shouldRevalidate of a list page under a modal: opening, stepping through and closing
 * the modal only changes its keys, and must not refetch (and so reset) the list behind it.
 */
export function revalidateUnlessModalMoved(key: ModalIdKey) {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (
      currentUrl.pathname === nextUrl.pathname &&
      currentUrl.href !== nextUrl.href &&
      withoutAddressModal(currentUrl.searchParams, key).toString() ===
        withoutAddressModal(nextUrl.searchParams, key).toString()
    ) {
      return false;
    }
    return defaultShouldRevalidate;
  };
}
