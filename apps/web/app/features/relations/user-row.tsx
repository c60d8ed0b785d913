import { formatMessage, resolveMediaUrl, type UserCard } from '@evcircle/contract/client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '~/lib/format-count.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { VipBadge } from '~/ui/vip-badge.tsx';
import { FollowButton } from './follow-button.tsx';
import { RELATIONS_MESSAGES } from './messages.ts';

type UserRowProps = {
  user: UserCard;
  imageBase: string;
  /** The viewer's own row gets no follow button. */
  viewerId: number | null;
  onFollowChange?: (uid: number, isFollowing: boolean) => void;
  /** Called when the row's link is followed (e.g. to close the sheet it sits in). */
  onNavigate?: () => void;
  /** The name as shown; the nickname by default (search results show what matched). */
  name?: ReactNode;
  /** Car model and bio on lines of their own (search results), not one or the other. */
  isDetailed?: boolean;
};

/** One person in a list: avatar, name, a line about them, and their own follow button. */
export function UserRow({
  user,
  imageBase,
  viewerId,
  onFollowChange,
  onNavigate,
  name,
  isDetailed = false,
}: UserRowProps) {
  const line = isDetailed ? user.car_model : user.bio || user.car_model;
  return (
    <li data-testid="user-row" data-uid={user.uid} className="flex items-center gap-3 px-4 py-3">
      <Link to={`/user/${user.uid}`} onClick={onNavigate} className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={resolveMediaUrl(user.avatar, imageBase)} name={user.nickname} size={isDetailed ? 48 : 44} />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-1.5">
            <span data-testid="user-row-name" className="truncate text-sm font-medium">
              {name ?? user.nickname}
            </span>
            {user.is_vip === 1 ? <VipBadge /> : null}
          </span>
          <span className="mt-0.5 block truncate text-xs text-gray-500 dark:text-gray-400">
            {line ? `${line} · ` : ''}
            {formatMessage(RELATIONS_MESSAGES.followersCount, { count: formatCount(user.followers) })}
          </span>
          {isDetailed && user.bio ? (
            <span data-testid="user-row-bio" className="mt-0.5 block truncate text-xs text-gray-400 dark:text-gray-500">
              {user.bio}
            </span>
          ) : null}
        </span>
      </Link>
      {viewerId !== user.uid ? (
        <FollowButton
          uid={user.uid}
          isFollowing={user.isfollow}
          isFollowedBy={user.istfollow}
          size="sm"
          onChange={(now) => onFollowChange?.(user.uid, now)}
        />
      ) : null}
    </li>
  );
}
