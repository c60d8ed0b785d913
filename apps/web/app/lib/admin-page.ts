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
