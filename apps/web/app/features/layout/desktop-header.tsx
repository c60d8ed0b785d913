import { SquarePen } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { AccountMenu, useViewer } from '~/features/auth/index.ts';
import { ColorModeToggle } from '~/features/color-mode/index.ts';
import { buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Logo } from '~/ui/logo.tsx';
import { CartLink } from './cart-link.tsx';
import { LazyInboxLinks } from './lazy-inbox.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { FEED_NAV, isNavActive, SHOP_NAV } from './nav-items.ts';
import { NearbyLink } from './nearby-link.tsx';
import { SearchEntry } from './search-entry.tsx';

export function DesktopHeader() {
  const { pathname } = useLocation();
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-4 px-6 xl:gap-8">
        <Logo className="shrink-0" />
        {/* Too narrow a window for every feed: the row scrolls, its labels never wrap or overlap. */}
        <nav
          aria-label={LAYOUT_MESSAGES.mainNav}
          className="flex min-w-0 items-center gap-1 overflow-x-auto [scrollbar-width:none]"
        >
          {[...FEED_NAV, SHOP_NAV].map((item) => {
            const isActive = isNavActive(item, pathname);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'shrink-0 rounded-full px-3 py-1.5 text-[15px] whitespace-nowrap transition-colors xl:px-4',
                  isActive
                    ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-white'
                    : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
                )}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        {/* The search field takes the room the rest leaves (down to its icon), never theirs. */}
        <div className="flex flex-1 items-center justify-end gap-2">
          <SearchEntry variant="field" />
          <Link
            to="/publish"
            data-testid="header-publish"
            className={buttonClass('solid', 'sm', 'mr-1 shrink-0 whitespace-nowrap')}
          >
            <SquarePen aria-hidden="true" className="size-4" />
            {LAYOUT_MESSAGES.publish}
          </Link>
          <NearbyLink />
          {/* A logged-in viewer has 消息 and 通知 here instead: the app pitch is for visitors (as on phones). */}
          {viewer ? (
            <LazyInboxLinks />
          ) : (
            <NavLink
              to="/download"
              className="shrink-0 rounded-full px-3 py-1.5 text-sm whitespace-nowrap text-gray-600 hover:text-primary-700 dark:text-gray-400 dark:hover:text-primary-400"
            >
              {LAYOUT_MESSAGES.download}
            </NavLink>
          )}
          <CartLink />
          <ColorModeToggle />
          <div className="shrink-0">
            <AccountMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
