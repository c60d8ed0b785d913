import { type NearbyPerson, resolveMediaUrl } from '@evcircle/contract/client';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { NEARBY_MESSAGES } from './messages.ts';

/** ♂ / ♀ beside a name (nothing when unknown). */
function SexMark({ sex }: { sex: number }) {
  if (sex !== 1 && sex !== 2) return null;
  return (
    <span
      role="img"
      aria-label={sex === 1 ? NEARBY_MESSAGES.male : NEARBY_MESSAGES.female}
      className={cn(
        'inline-flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] leading-none font-bold',
        sex === 1
          ? 'bg-sky-100 text-sky-600 dark:bg-sky-950 dark:text-sky-300'
          : 'bg-pink-100 text-pink-600 dark:bg-pink-950 dark:text-pink-300',
      )}
    >
      {sex === 1 ? '♂' : '♀'}
    </span>
  );
}

/**
 * Someone nearby in a list: avatar (a green dot while online), name, sex, car model and
 * their distance bucket (500米内, never more precise), leading to their profile.
 */
export function PersonRow({ person, imageBase }: { person: NearbyPerson; imageBase: string }) {
  return (
    <li>
      <Link
        to={`/user/${person.uid}`}
        data-testid="nearby-person"
        data-uid={person.uid}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-gray-50 dark:hover:bg-gray-800/60"
      >
        <span className="relative shrink-0">
          <Avatar src={resolveMediaUrl(person.avatar, imageBase)} name={person.nickname} size={44} />
          {person.is_online ? (
            <span
              role="img"
              aria-label={NEARBY_MESSAGES.online}
              className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-gray-900"
            />
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span data-testid="nearby-person-name" className="min-w-0 truncate text-[15px] font-medium">
              {person.nickname}
            </span>
            <SexMark sex={person.sex} />
            {person.isfollow ? (
              <span className="shrink-0 text-[11px] text-gray-400 dark:text-gray-500">{NEARBY_MESSAGES.followed}</span>
            ) : null}
          </span>
          {person.car_model ? (
            <span className="mt-0.5 block truncate text-xs text-gray-500 dark:text-gray-400">{person.car_model}</span>
          ) : null}
        </span>
        <span data-testid="nearby-person-distance" className="shrink-0 text-xs text-gray-500 dark:text-gray-400">
          {person.distance_text}
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
      </Link>
    </li>
  );
}
