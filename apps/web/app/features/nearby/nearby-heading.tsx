import { List, Newspaper, Radar } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { NEARBY_MESSAGES } from './messages.ts';

const PAGES = [
  { key: 'radar', to: '/radar', label: NEARBY_MESSAGES.toRadar, icon: Radar },
  { key: 'nearby', to: '/nearby', label: NEARBY_MESSAGES.toNearby, icon: List },
  { key: 'near', to: '/near', label: NEARBY_MESSAGES.toNear, icon: Newspaper },
] as const;

/** The title of a nearby page, with its siblings (雷达 / 列表 / 附近动态) a tap away. */
export function NearbyHeading({ title, current }: { title: string; current: (typeof PAGES)[number]['key'] }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="px-1 text-xl font-bold md:text-2xl">{title}</h1>
      <nav aria-label={NEARBY_MESSAGES.nearbyHeading} className="flex rounded-full bg-gray-100 p-0.5 dark:bg-gray-800">
        {PAGES.map((page) => (
          <Link
            key={page.key}
            to={page.to}
            aria-current={page.key === current ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm transition-colors',
              page.key === current
                ? 'bg-white font-medium text-gray-900 shadow-sm dark:bg-gray-700 dark:text-white'
                : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
            )}
          >
            <page.icon aria-hidden="true" className="size-4" />
            {page.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
