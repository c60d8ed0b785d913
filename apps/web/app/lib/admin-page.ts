import { ApiError, STATUS } from '@evcircle/contract/client';
import { data } from 'react-router';

/**
 * For an admin page's loader that caught `error` from its admin call: a visitor (guest)
 * and a logged-in non-admin (forbidden, HTTP 403) are states of the page, not failures;
 * null for any other error.
 */
export function adminDenied(error: unknown) {
  if (!(error instanceof ApiError)) return null;
  if (error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
  if (error.status === STATUS.FORBIDDEN) return data({ state: 'forbidden' as const }, { status: 403 });
  return null;
}

/**
 * For an admin page that also opens one object (an order, a product): adminDenied, and an
 * unknown object as the page's `missing` state (HTTP 404) with the server's message.
 */
export function adminDeniedOrMissing(error: unknown) {
  const denied = adminDenied(error);
  if (denied) return denied;
  if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) {
    return data({ state: 'missing' as const, message: error.message }, { status: 404 });
  }
  return null;
}
