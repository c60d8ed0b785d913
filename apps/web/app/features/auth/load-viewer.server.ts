import { type Account, myAccount, SESSION_COOKIE, type WebLoadContext } from '@evcircle/contract/client';
import { serverApi } from '~/lib/api.ts';

/**
 * The visitor's account for SSR: one in-process call with the forwarded session cookie.
 * Without the cookie there is nothing to ask. Logged out (2011), an unknown session or
 * any failure renders the logged-out view rather than failing the whole page.
 */
export async function loadViewer(context: WebLoadContext, cookieHeader: string | null): Promise<Account | null> {
  if (!cookieHeader?.includes(`${SESSION_COOKIE}=`)) return null;
  try {
    return await serverApi(context).call(myAccount);
  } catch {
    return null;
  }
}
