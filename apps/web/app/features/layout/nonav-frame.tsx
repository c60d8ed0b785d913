import type { ReactNode } from 'react';
import { LogoMark } from '~/ui/logo.tsx';
import { UI_MESSAGES } from '~/ui/messages.ts';

/**
 * The frame of the nonav layout (checkout, the scan-confirm page, the sandbox cashier, the
 * interstitial /go), which each of those pages draws around itself: a page that must stand alone. A quiet one-column page under the mark and the name, not a link:
 * no site navigation and nothing to wander off to mid-payment or mid-login. The page
 * sets its own width inside.
 */
export function NonavFrame({ children }: { children: ReactNode }) {
  return (
    <div data-layout="nonav" className="flex min-h-dvh flex-col bg-gray-100 dark:bg-gray-950">
      <header className="flex h-12 shrink-0 items-center justify-center gap-2 font-bold text-gray-900 dark:text-white">
        <LogoMark className="size-7" />
        <span className="text-base tracking-wide">{UI_MESSAGES.brand}</span>
      </header>
      <main className="flex flex-1 flex-col pb-[env(safe-area-inset-bottom)]">{children}</main>
    </div>
  );
}
