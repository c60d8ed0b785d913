import type { LoginResult } from '@evcircle/contract/client';
import { Info, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { LogoMark } from '~/ui/logo.tsx';
import { LOGIN_MESSAGES } from './login-messages.ts';
import type { LoginTab } from './login-modal.tsx';
import { PhoneLogin } from './phone-login.tsx';
import { QrLogin } from './qr-login.tsx';

type LoginDialogProps = {
  /** Why the modal opened (该操作需要登录 when an action asked); null when the visitor chose to log in. */
  message: string | null;
  initialTab?: LoginTab;
  onClose: () => void;
  onLoggedIn: (result: LoginResult) => void;
};

const TABS: readonly { id: LoginTab; label: string }[] = [
  { id: 'qr', label: LOGIN_MESSAGES.tabQr },
  { id: 'phone', label: LOGIN_MESSAGES.tabPhone },
];

/**
 * The login modal of SPEC.md §2 on the native <dialog> (focus kept inside, Esc closes,
 * the page behind inert): a bottom sheet on phones, a centred card on desktop. Two tabs,
 * phone first on mobile and QR first on desktop; the privacy-policy link under the form.
 */
export function LoginDialog({ message, initialTab, onClose, onLoggedIn }: LoginDialogProps) {
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<LoginTab>(initialTab ?? (isMobile ? 'phone' : 'qr'));
  const [picking, setPicking] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const tabsId = useId();
  const tabRefs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ qr: null, phone: null });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The page behind does not scroll while the modal is open.
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // Back to what opened the modal, as a native dialog does on close().
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    const id = TABS[next]?.id ?? tab;
    setTab(id);
    tabRefs.current[id]?.focus();
  }

  return (
    // The backdrop is the dialog element itself: a click whose target is the dialog landed outside the panel.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes the native dialog; the close button is focusable
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="login-modal"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-full max-w-[400px] overflow-visible bg-transparent p-0 text-gray-900 backdrop:bg-[rgb(0_0_0/0.5)] dark:text-gray-100',
        'max-md:mb-0 max-md:max-w-none',
      )}
    >
      <div
        // The modal opens with focus on its panel (not on the close button): screen readers
        // start at the title, Tab goes on to the form.
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: a modal must take focus when it opens
        autoFocus
        className={cn(
          'relative flex max-h-[92dvh] flex-col overflow-y-auto outline-none overscroll-contain rounded-3xl bg-white px-6 pt-6 pb-5 shadow-2xl dark:bg-gray-900 dark:ring-1 dark:ring-gray-800',
          'max-md:rounded-b-none max-md:px-5 max-md:pb-[calc(1.25rem+env(safe-area-inset-bottom))]',
        )}
      >
        <div
          aria-hidden="true"
          className="mx-auto -mt-3 mb-3 h-1 w-10 rounded-full bg-gray-300 md:hidden dark:bg-gray-700"
        />
        <IconButton label={LOGIN_MESSAGES.close} onClick={onClose} className="absolute top-4 right-4">
          <X aria-hidden="true" className="size-5" />
        </IconButton>

        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-11" />
          <h2 id={titleId} className="mt-3 text-xl font-semibold">
            {LOGIN_MESSAGES.dialogTitle}
          </h2>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{LOGIN_MESSAGES.dialogSubtitle}</p>
        </div>

        {message ? (
          <p
            role="status"
            data-testid="login-reason"
            className="mt-4 flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
          >
            <Info aria-hidden="true" className="size-4 shrink-0" />
            {message}
          </p>
        ) : null}

        {picking ? null : (
          <div
            role="tablist"
            aria-label={LOGIN_MESSAGES.tabsLabel}
            className="mt-5 grid grid-cols-2 rounded-full bg-gray-100 p-1 dark:bg-gray-800"
          >
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={`${tabsId}-${t.id}-tab`}
                aria-selected={tab === t.id}
                aria-controls={`${tabsId}-${t.id}-panel`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKeyDown}
                className={cn(
                  'h-9 rounded-full text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
                  tab === t.id
                    ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                    : 'text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
                )}
              >
                {t.label}
              </button>
            ))}
          </div>
        )}

        <div
          role="tabpanel"
          id={`${tabsId}-${tab}-panel`}
          aria-labelledby={picking ? undefined : `${tabsId}-${tab}-tab`}
          className="mt-5 flex flex-col md:min-h-[18rem]"
        >
          {tab === 'qr' ? (
            <QrLogin onLoggedIn={onLoggedIn} />
          ) : (
            <PhoneLogin onLoggedIn={onLoggedIn} onPickingChange={setPicking} />
          )}
        </div>

        <p className="mt-5 text-center text-xs text-gray-500 dark:text-gray-400">
          {LOGIN_MESSAGES.privacyPrefix}
          <Link
            to="/privacy-policy"
            target="_blank"
            rel="noopener"
            className="text-primary-700 hover:underline dark:text-primary-400"
            data-testid="privacy-link"
          >
            {LOGIN_MESSAGES.privacyLink}
          </Link>
        </p>
      </div>
    </dialog>
  );
}
