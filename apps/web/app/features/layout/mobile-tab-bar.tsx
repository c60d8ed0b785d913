import { Plus, UserRound } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { AUTH_MESSAGES, useLoginModal, useViewer } from '~/features/auth/index.ts';
import { LazyInboxTabs } from './lazy-inbox.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { INSTALL_TAB, isNavActive, LEADING_TABS, type NavItem } from './nav-items.ts';
import { tabClass } from './tab-class.ts';

/** 我的: the viewer's own profile, or the login modal (phone tab) when logged out. */
function MeTab() {
  const viewer = useViewer();
  const { open } = useLoginModal();
  if (!viewer) {
    return (
      <button type="button" className={tabClass(false)} onClick={() => open({ tab: 'phone' })} data-testid="tab-me">
        <UserRound aria-hidden="true" className="size-5" />
        {AUTH_MESSAGES.me}
      </button>
    );
  }
  return (
    <NavLink to={`/user/${viewer.uid}`} className={({ isActive }) => tabClass(isActive)} data-testid="tab-me">
      <UserRound aria-hidden="true" className="size-5" />
      {AUTH_MESSAGES.me}
    </NavLink>
  );
}

/** 发布: a raised plus in the middle of the bar, opening the composer. */
function PublishTab() {
  return (
    <NavLink to="/publish" className={({ isActive }) => tabClass(isActive)} data-testid="tab-publish">
      <span className="flex h-6 w-9 items-center justify-center rounded-lg bg-primary-600 text-white dark:bg-primary-500">
        <Plus aria-hidden="true" className="size-4.5" strokeWidth={2.5} />
      </span>
      {LAYOUT_MESSAGES.publish}
    </NavLink>
  );
}

function NavTab({ item, pathname }: { item: NavItem; pathname: string }) {
  const isActive = isNavActive(item, pathname);
  return (
    <li className="flex-1">
      <Link to={item.to} aria-current={isActive ? 'page' : undefined} className={tabClass(isActive)}>
        <item.icon aria-hidden="true" className="size-5" />
        {item.label}
      </Link>
    </li>
  );
}

/**
 * 首页, 商城, 发布 in the middle, then 安装 for a visitor or 消息 and 通知 (with their live
 * unread badges) for a logged-in viewer, and 我的.
 */
export function MobileTabBar() {
  const { pathname } = useLocation();
  const isLoggedIn = useViewer() !== null;
  return (
    <nav
      aria-label={LAYOUT_MESSAGES.tabBar}
      className="pb-safe fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95"
    >
      <ul className="flex h-14">
        {LEADING_TABS.map((item) => (
          <NavTab key={item.to} item={item} pathname={pathname} />
        ))}
        <li className="flex-1">
          <PublishTab />
        </li>
        {isLoggedIn ? <LazyInboxTabs /> : <NavTab item={INSTALL_TAB} pathname={pathname} />}
        <li className="flex-1">
          <MeTab />
        </li>
      </ul>
    </nav>
  );
}
