import { NavLink } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import { TAB_NAV } from './nav-items.ts';

export function MobileTabBar() {
  return (
    <nav
      aria-label={LAYOUT_MESSAGES.tabBar}
      className="pb-safe fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95"
    >
      <ul className="flex h-14">
        {TAB_NAV.map((item) => (
          <li key={item.to} className="flex-1">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-0.5 text-[11px]',
                  isActive ? 'text-primary-600 dark:text-primary-400' : 'text-gray-500 dark:text-gray-400',
                )
              }
            >
              <item.icon aria-hidden="true" className="size-5" />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
