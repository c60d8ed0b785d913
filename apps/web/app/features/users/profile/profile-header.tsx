import { formatMessage, resolveMediaUrl, type UserProfile } from '@evcircle/contract/client';
import { Car, Mail, Mars, Venus } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useRequireLogin, useViewer } from '~/features/auth/index.ts';
import { FollowButton, type FollowListTab, RELATIONS_MESSAGES, UnblockButton } from '~/features/relations/index.ts';
import { ContentMenu } from '~/features/reports/index.ts';
import { formatCount } from '~/lib/format-count.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { PROFILES_MESSAGES } from './messages.ts';

/** What only one's own profile shows (its links and icons) loads for that profile alone. */
const OwnProfileActions = lazyComponent(() => import('./own-profile.tsx').then((module) => module.OwnProfileActions));
const OwnProfileLinks = lazyComponent(() => import('./own-profile.tsx').then((module) => module.OwnProfileLinks));
/** So does the crown of VIP members' profiles. */
const VipBadge = lazyComponent(() => import('~/ui/vip-badge.tsx').then((module) => module.VipBadge));

type ProfileHeaderProps = {
  profile: UserProfile;
  imageBase: string;
  /** The viewer's points balance, on their own profile only (null elsewhere or when unavailable). */
  points: number | null;
  onFollowChange: (isFollowing: boolean) => void;
  onOpenList: (tab: FollowListTab) => void;
};

/** ♂ / ♀ next to the name; nothing when the user keeps it private (0). */
export function SexIcon({ sex }: { sex: number }) {
  if (sex === 1) {
    return (
      <span role="img" aria-label={PROFILES_MESSAGES.male} className="rounded-full bg-sky-100 p-1 dark:bg-sky-950">
        <Mars aria-hidden="true" className="size-3.5 text-sky-600 dark:text-sky-400" />
      </span>
    );
  }
  if (sex === 2) {
    return (
      <span role="img" aria-label={PROFILES_MESSAGES.female} className="rounded-full bg-pink-100 p-1 dark:bg-pink-950">
        <Venus aria-hidden="true" className="size-3.5 text-pink-600 dark:text-pink-400" />
      </span>
    );
  }
  return null;
}

function Count({
  label,
  value,
  testId,
  onClick,
}: {
  label: string;
  value: number;
  testId: string;
  onClick?: () => void;
}) {
  const body = (
    <>
      <span data-testid={`${testId}-value`} className="text-lg font-semibold tabular-nums md:text-xl">
        {formatCount(value)}
      </span>
      <span className="text-xs text-gray-500 dark:text-gray-400">{label}</span>
    </>
  );
  const className = 'flex flex-col items-center gap-0.5 md:flex-row md:items-baseline md:gap-1.5';
  if (!onClick) {
    return (
      <div data-testid={testId} className={className}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      className={cn(className, '-m-1 rounded-lg p-1 hover:bg-gray-100 dark:hover:bg-gray-800')}
    >
      {body}
    </button>
  );
}

/** Avatar, name with VIP badge and sex, ID, car model, bio, counts, and follow or edit. */
export function ProfileHeader({ profile, imageBase, points, onFollowChange, onOpenList }: ProfileHeaderProps) {
  const isMobile = useIsMobile();
  const revalidator = useRevalidator();
  // One function for the page's life (the lazily loaded buttons below keep their server HTML until then).
  const revalidate = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const isMine = profile.ismine === 1;
  const isVip = profile.is_vip === 1 || profile.isVIP;

  const actions = isMine ? (
    <OwnProfileActions />
  ) : (
    <div className="flex items-center gap-2">
      {/* Nobody follows someone they blocked: the way back is lifting the block. */}
      {profile.isblock === 1 ? (
        <UnblockButton
          uid={profile.uid}
          name={profile.nickname}
          onUnblocked={revalidate}
          className={isMobile ? 'flex-1' : undefined}
        />
      ) : (
        <FollowButton
          uid={profile.uid}
          isFollowing={profile.isfollow === 1}
          isFollowedBy={profile.istfollow === 1}
          onChange={onFollowChange}
          className={isMobile ? 'flex-1' : undefined}
        />
      )}
      <MessageButton uid={profile.uid} className={isMobile ? 'flex-1' : undefined} />
      {/* 举报 / 拉黑: a block ends the follows both ways, so the page data is read again. */}
      <ContentMenu
        target={{ type: 'user', id: profile.uid, authorId: profile.uid, authorName: profile.nickname }}
        isMine={false}
        onBlocked={revalidate}
        onUnblocked={revalidate}
        className="shrink-0"
      />
    </div>
  );

  return (
    <header data-testid="profile-header" className="py-4 md:py-8">
      <div className="flex items-center gap-4 md:gap-6">
        <Avatar
          src={resolveMediaUrl(profile.avatar, imageBase)}
          name={profile.nickname}
          size={isMobile ? 76 : 112}
          className="ring-4 ring-white dark:ring-gray-950"
        />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h1 data-testid="profile-nickname" className="truncate text-xl font-bold md:text-2xl">
              {profile.nickname}
            </h1>
            {isVip ? <VipBadge /> : null}
            <SexIcon sex={profile.sex} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
            <span>{formatMessage(PROFILES_MESSAGES.uid, { uid: profile.uid })}</span>
            {profile.car_model ? (
              <span data-testid="profile-car" className="inline-flex items-center gap-1">
                <Car aria-hidden="true" className="size-3.5" />
                {formatMessage(PROFILES_MESSAGES.carModel, { model: profile.car_model })}
              </span>
            ) : null}
            {!isMine && profile.istfollow === 1 ? (
              <span className="rounded-full bg-gray-100 px-2 py-0.5 dark:bg-gray-800">
                {RELATIONS_MESSAGES.followsYou}
              </span>
            ) : null}
          </p>
          {!isMobile ? <Bio bio={profile.bio} className="mt-3" /> : null}
        </div>
        {!isMobile ? <div className="shrink-0 self-start">{actions}</div> : null}
      </div>
      {isMobile ? <Bio bio={profile.bio} className="mt-4" /> : null}
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3 md:mt-6 md:gap-x-8">
        <div className="flex flex-1 items-center justify-around gap-4 md:flex-none md:justify-start md:gap-8">
          <Count label={PROFILES_MESSAGES.posts} value={profile.posts} testId="count-posts" />
          <Count
            label={PROFILES_MESSAGES.following}
            value={profile.following}
            testId="count-following"
            onClick={() => onOpenList('following')}
          />
          <Count
            label={PROFILES_MESSAGES.followers}
            value={profile.followers}
            testId="count-followers"
            onClick={() => onOpenList('followers')}
          />
          <Count label={PROFILES_MESSAGES.likes} value={profile.likes} testId="count-likes" />
        </div>
        {isMine ? <OwnProfileLinks points={points} isVip={isVip} /> : null}
      </div>
      {isMobile ? <div className="mt-4">{actions}</div> : null}
    </header>
  );
}

/**
 * 私信: the conversation with this person (/messages?with={uid}); a link, so it works
 * before the page's scripts run. Logged out, it asks to log in first.
 */
function MessageButton({ uid, className }: { uid: number; className?: string }) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const body = (
    <>
      <Mail aria-hidden="true" className="size-4" />
      {PROFILES_MESSAGES.message}
    </>
  );
  const classes = buttonClass('outline', 'md', cn('min-w-24', className));
  if (!viewer) {
    return (
      <button type="button" data-testid="profile-message" className={classes} onClick={() => requireLogin()}>
        {body}
      </button>
    );
  }
  return (
    <Link to={`/messages?with=${uid}`} data-testid="profile-message" className={classes}>
      {body}
    </Link>
  );
}

function Bio({ bio, className }: { bio: string; className?: string }) {
  return (
    <p
      data-testid="profile-bio"
      className={cn(
        'text-sm leading-relaxed break-words whitespace-pre-line',
        bio ? 'text-gray-700 dark:text-gray-300' : 'text-gray-400 dark:text-gray-500',
        className,
      )}
    >
      {bio || PROFILES_MESSAGES.noBio}
    </p>
  );
}
