import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { INBOX_NAV } from './inbox-nav.ts';
import { isNavActive } from './nav-items.ts';
import { tabClass } from './tab-class.ts';
import { UnreadBadge } from './unread-badge.tsx';

/** 消息 and 通知 in the desktop header: an icon each, with its live unread badge. */
export function InboxLinks() {
  return INBOX_NAV.map((item) => (
    <NavLink
      key={item.to}
      to={item.to}
      title={item.label}
      data-testid={`header-${item.badge}`}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
          'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
          isActive && 'text-primary-600 dark:text-primary-400',
        )
      }
    >
      <item.icon aria-hidden="true" className="size-5" />
      <span className="sr-only">{item.label}</span>
      {item.badge ? <UnreadBadge kind={item.badge} className="-top-0.5 left-1/2" /> : null}
    </NavLink>
  ));
}

/** 消息 and 通知 as tabs of the phone's bottom bar, the badge on the icon. */
export function InboxTabs() {
  const { pathname } = useLocation();
  return INBOX_NAV.map((item) => {
    const isActive = isNavActive(item, pathname);
    return (
      <li key={item.to} className="flex-1">
        <Link
          to={item.to}
          aria-current={isActive ? 'page' : undefined}
          className={tabClass(isActive)}
          data-testid={`tab-${item.badge}`}
        >
          <span className="relative">
            <item.icon aria-hidden="true" className="size-5" />
            {item.badge ? <UnreadBadge kind={item.badge} className="-top-1.5 left-3" /> : null}
          </span>
          {item.label}
        </Link>
      </li>
    );
  });
}
