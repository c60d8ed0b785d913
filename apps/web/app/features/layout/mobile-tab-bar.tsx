import { Plus, UserRound } from 'lucide-react';
import { Fragment } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { AUTH_MESSAGES, useLoginModal, useViewer } from '~/features/auth/index.ts';
import { cn } from '~/ui/cn.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import { isNavActive, TAB_NAV } from './nav-items.ts';

const tabClass = (isActive: boolean) =>
  cn(
    'flex h-full w-full flex-col items-center justify-center gap-0.5 text-[11px]',
    isActive ? 'text-primary-600 dark:text-primary-400' : 'text-gray-500 dark:text-gray-400',
  );

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

/** The publish tab sits in the middle of the bar, however many tabs there are. */
const PUBLISH_TAB_AT = Math.ceil(TAB_NAV.length / 2);

export function MobileTabBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={LAYOUT_MESSAGES.tabBar}
      className="pb-safe fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95"
    >
      <ul className="flex h-14">
        {TAB_NAV.map((item, index) => (
          <Fragment key={item.to}>
            {index === PUBLISH_TAB_AT ? (
              <li className="flex-1">
                <PublishTab />
              </li>
            ) : null}
            <li className="flex-1">
              <Link
                to={item.to}
                aria-current={isNavActive(item, pathname) ? 'page' : undefined}
                className={tabClass(isNavActive(item, pathname))}
              >
                <item.icon aria-hidden="true" className="size-5" />
                {item.label}
              </Link>
            </li>
          </Fragment>
        ))}
        {PUBLISH_TAB_AT >= TAB_NAV.length ? (
          <li className="flex-1">
            <PublishTab />
          </li>
        ) : null}
        <li className="flex-1">
          <MeTab />
        </li>
      </ul>
    </nav>
  );
}
