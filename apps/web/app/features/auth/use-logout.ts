import { ApiError, logout, STATUS } from '@evcircle/contract/client';
import { useCallback, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useToast } from '~/ui/toast.tsx';
import { AUTH_MESSAGES } from './messages.ts';
import { useAuthRefresh } from './use-auth-refresh.ts';

/**
 * Logs this browser out: the server revokes the session and clears the cookie, then
 * the loaders re-run so the header and the page show the logged-out view.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const api = useApi();
  const toast = useToast();
  const refresh = useAuthRefresh();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    try {
      await api.call(logout, {});
      toast.show(AUTH_MESSAGES.loggedOut);
    } catch (error) {
      // Already logged out (2011): the session is gone either way; just follow.
      if (!(error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN)) {
        toast.show(AUTH_MESSAGES.logoutFailed, { tone: 'error' });
        return;
      }
    } finally {
      setPending(false);
    }
    await refresh();
  }, [api, toast, refresh]);

  return { logout: run, pending };
}
