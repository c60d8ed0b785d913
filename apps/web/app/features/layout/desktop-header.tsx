import { SquarePen } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { AccountMenu } from '~/features/auth/index.ts';
import { CartLink } from '~/features/cart/index.ts';
import { ColorModeToggle } from '~/features/color-mode/index.ts';
import { buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Logo } from '~/ui/logo.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { FEED_NAV, isNavActive, SHOP_NAV } from './nav-items.ts';

export function DesktopHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-8 px-6">
        <Logo />
        <nav aria-label={LAYOUT_MESSAGES.mainNav} className="flex items-center gap-1">
          {[...FEED_NAV, SHOP_NAV].map((item) => {
            const isActive = isNavActive(item, pathname);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'rounded-full px-4 py-1.5 text-[15px] transition-colors',
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
        <div className="ml-auto flex items-center gap-2">
          <Link to="/publish" data-testid="header-publish" className={buttonClass('solid', 'sm', 'mr-1')}>
            <SquarePen aria-hidden="true" className="size-4" />
            {LAYOUT_MESSAGES.publish}
          </Link>
          <NavLink
            to="/download"
            className="rounded-full px-3 py-1.5 text-sm text-gray-600 hover:text-primary-700 dark:text-gray-400 dark:hover:text-primary-400"
          >
            {LAYOUT_MESSAGES.download}
          </NavLink>
          <CartLink />
          <ColorModeToggle />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
