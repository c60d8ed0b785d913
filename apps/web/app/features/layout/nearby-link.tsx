import { MapPin } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { isNavActive, NEARBY_NAV } from './nav-items.ts';

/** 附近 in the desktop header: an icon with its name as the tooltip and for screen readers. */
export function NearbyLink() {
  const { pathname } = useLocation();
  const isActive = isNavActive(NEARBY_NAV, pathname);
  return (
    <Link
      to={NEARBY_NAV.to}
      title={NEARBY_NAV.label}
      aria-current={isActive ? 'page' : undefined}
      data-testid="header-nearby"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
        'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
        isActive && 'text-primary-600 dark:text-primary-400',
      )}
    >
      <MapPin aria-hidden="true" className="size-5" />
      <span className="sr-only">{NEARBY_NAV.label}</span>
    </Link>
  );
}
