import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorModeToggle } from '~/features/color-mode/index.ts';
import { isLayoutName, type LayoutName, useRouteHandleValue } from '~/lib/route-handle.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Logo } from '~/ui/logo.tsx';
import { DesktopHeader } from './desktop-header.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { SiteFooter } from './site-footer.tsx';

/** The site chrome: desktop header + footer, or on mobile a top bar and a bottom tab bar. */
function DefaultLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <div data-layout="default-mobile" className="flex min-h-dvh flex-col">
        <MobileTopBar />
        {/* Room for the fixed tab bar and the phone's home indicator. */}
        <main className="flex-1 pb-[calc(3.5rem+env(safe-area-inset-bottom))]">{children}</main>
        <MobileTabBar />
      </div>
    );
  }
  return (
    <div data-layout="default-desktop" className="flex min-h-dvh flex-col">
      <DesktopHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}

/**
 * The mobile layout (download and invite pages): one phone-width column, centred on
 * wide screens, with a slim bar back to the community.
 */
function MobileLayout({ children }: { children: ReactNode }) {
  return (
    <div data-layout="mobile" className="min-h-dvh bg-gray-100 dark:bg-gray-900">
      <div className="mx-auto flex min-h-dvh max-w-md flex-col bg-white shadow-sm dark:bg-gray-950">
        <header className="flex h-12 items-center justify-between px-3">
          <Logo className="[&_span]:text-base [&_svg]:size-7" />
          <ColorModeToggle />
        </header>
        <main className="flex-1">{children}</main>
        <footer className="py-4 text-center text-xs text-gray-500 dark:text-gray-400">
          <Link to="/privacy-policy" className="hover:text-gray-900 dark:hover:text-white">
            {LAYOUT_MESSAGES.privacyPolicy}
          </Link>
        </footer>
      </div>
    </div>
  );
}

/**
 * The post layout (/post/{id}): on desktop the header over a page-tall post, no footer;
 * on phones no site chrome at all — the post brings its own bar with a back button.
 */
function PostLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <div data-layout="post-mobile" className="min-h-dvh bg-white dark:bg-gray-900">
        <main className="flex min-h-dvh flex-col">{children}</main>
      </div>
    );
  }
  return (
    <div data-layout="post-desktop" className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <DesktopHeader />
      <main className="flex-1">{children}</main>
    </div>
  );
}

/**
 * The detail layout (/product/{id}): on desktop the header over the product, no footer;
 * on phones no site chrome — the product brings its own bar with back and share.
 */
function DetailLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <div data-layout="detail-mobile" className="min-h-dvh bg-white dark:bg-gray-900">
        <main className="flex min-h-dvh flex-col">{children}</main>
      </div>
    );
  }
  return (
    <div data-layout="detail-desktop" className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <DesktopHeader />
      <main className="flex-1">{children}</main>
    </div>
  );
}

/**
 * The category layout (/shop/category/…): on desktop the site chrome around the page's
 * category rail and list; on phones no tab bar — the page's own top bar has back and
 * the category's name.
 */
function CategoryLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <div data-layout="category-mobile" className="min-h-dvh bg-gray-50 dark:bg-gray-950">
        <main className="pb-[env(safe-area-inset-bottom)]">{children}</main>
      </div>
    );
  }
  return (
    <div data-layout="category-desktop" className="flex min-h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      <DesktopHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}

/**
 * The route's layout around the page. Its browser-side duties (the layout check, the mobile
 * preload: ShellEffects) start with the platform's, after the page.
 */
export function AppLayout({ name, children }: { name: LayoutName; children: ReactNode }) {
  // nonav: no site navigation; its pages draw the quiet frame themselves (NonavFrame), so
  // the shell every page loads carries nothing for it.
  if (name === 'none' || name === 'nonav') return <>{children}</>;
  if (name === 'post') return <PostLayout>{children}</PostLayout>;
  if (name === 'detail') return <DetailLayout>{children}</DetailLayout>;
  if (name === 'category-layout') return <CategoryLayout>{children}</CategoryLayout>;
  if (name === 'mobile') return <MobileLayout>{children}</MobileLayout>;
  return <DefaultLayout>{children}</DefaultLayout>;
}

/** The layout the deepest route declares in `handle.layout`; 'default' when none does. */
export function useRouteLayout(): LayoutName {
  const declared = useRouteHandleValue('layout')?.value;
  return isLayoutName(declared) ? declared : 'default';
}
