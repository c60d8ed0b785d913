import type { LoginResult } from '@evcircle/contract/client';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { onBrowserLoggedOut } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useToast } from '~/ui/toast.tsx';
import { AUTH_MESSAGES } from './messages.ts';
import { useAuthRefresh } from './use-auth-refresh.ts';
import { useViewer } from './use-viewer.ts';

export type LoginTab = 'qr' | 'phone';

export type LoginModalOptions = {
  /** Shown at the top of the modal; opened by an action it defaults to 该操作需要登录. */
  message?: string | null;
  /** The tab to start on; default phone on mobile, QR on desktop (SPEC.md §2). */
  tab?: LoginTab;
};

type LoginModalApi = {
  open: (options?: LoginModalOptions) => void;
  close: () => void;
  isOpen: boolean;
};

const LoginModalContext = createContext<LoginModalApi | null>(null);

/**
 * The dialog (phone and QR login, the country list, the challenge) loads when it first
 * opens, not with every page: most first visits never open it (docs/decisions/0011).
 */
const LoginDialog = lazyComponent(() => import('./login-dialog.tsx').then((m) => m.LoginDialog));

type OpenState = { message: string | null; tab?: LoginTab; key: number };

/**
 * Holds the one login modal of the page (mounted in the root layout) and keeps the
 * login state in step with the server: after a login it closes the modal, says 登录成功
 * and revalidates (the root loader reloads the viewer, so the header follows with no
 * reload); a 2011 answer to any browser call while logged in revalidates too.
 */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OpenState | null>(null);
  const toast = useToast();
  const refresh = useAuthRefresh();
  const viewer = useViewer();

  const open = useCallback((options: LoginModalOptions = {}) => {
    setState((prev) => ({ message: options.message ?? null, tab: options.tab, key: (prev?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setState(null), []);

  const onLoggedIn = useCallback(
    (_result: LoginResult) => {
      setState(null);
      toast.show(AUTH_MESSAGES.loginSuccess, { tone: 'success' });
      void refresh();
    },
    [toast, refresh],
  );

  // SPEC.md §4: a 2011 answer means not logged in; the header must follow.
  const isLoggedIn = viewer !== null;
  const loggedInRef = useRef(isLoggedIn);
  loggedInRef.current = isLoggedIn;
  useEffect(
    () =>
      onBrowserLoggedOut(() => {
        if (loggedInRef.current) void refresh();
      }),
    [refresh],
  );

  const api = useMemo(() => ({ open, close, isOpen: state !== null }), [open, close, state]);

  return (
    <LoginModalContext value={api}>
      {children}
      {state ? (
        <LoginDialog
          key={state.key}
          message={state.message}
          initialTab={state.tab}
          onClose={close}
          onLoggedIn={onLoggedIn}
        />
      ) : null}
    </LoginModalContext>
  );
}

/** Opens and closes the login modal. Must be used under LoginModalProvider (the root layout has one). */
export function useLoginModal(): LoginModalApi {
  const api = useContext(LoginModalContext);
  if (!api) throw new Error('useLoginModal must be used inside <LoginModalProvider>');
  return api;
}

/**
 * Guards an action that needs login: returns true when logged in; otherwise opens the
 * login modal with the message (default 该操作需要登录; following passes 请先登录) and
 * returns false.
 */
export function useRequireLogin(): (message?: string) => boolean {
  const viewer = useViewer();
  const { open } = useLoginModal();
  return useCallback(
    (message?: string) => {
      if (viewer) return true;
      open({ message: message ?? AUTH_MESSAGES.requireLogin });
      return false;
    },
    [viewer, open],
  );
}
