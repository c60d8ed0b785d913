import { Download, X } from 'lucide-react';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { PWA_MESSAGES } from './messages.ts';

type InstallBarProps = {
  /** The browser offers installation (Android Chrome): a button; otherwise the iOS hint. */
  canPrompt: boolean;
  onInstall: () => void;
  onDismiss: () => void;
};

/** The one-time, dismissible offer to add the app to the home screen. */
export function InstallBar({ canPrompt, onInstall, onDismiss }: InstallBarProps) {
  return (
    <section
      aria-label={PWA_MESSAGES.installAction}
      data-testid="install-bar"
      className={cn(
        'fixed inset-x-3 z-40 mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-white p-3 shadow-lg ring-1 ring-gray-900/10',
        'bottom-[calc(4.5rem+env(safe-area-inset-bottom))] md:bottom-6',
        'dark:bg-gray-900 dark:ring-white/10',
      )}
    >
      <img src="/icons/icon-192.png" alt="" className="size-10 shrink-0 rounded-xl" />
      <p className="min-w-0 flex-1 text-sm text-gray-700 dark:text-gray-200">
        {canPrompt ? PWA_MESSAGES.installBarText : PWA_MESSAGES.iosHint}
      </p>
      {canPrompt ? (
        <Button size="sm" onClick={onInstall}>
          <Download aria-hidden="true" className="size-4" />
          {PWA_MESSAGES.installAction}
        </Button>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        aria-label={PWA_MESSAGES.dismiss}
        title={PWA_MESSAGES.dismiss}
        className="rounded-full p-1.5 text-gray-500 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
