import { formatMessage } from '@evcircle/contract/client';
import { Bookmark, Coins, Crown, FileText, Pencil, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { PROFILES_MESSAGES } from './messages.ts';

// What only the viewer's own profile shows (profile-header.tsx loads it for that profile).

/** The way to the AI tools (zh-CN); here, not in messages.ts, so it loads with this, not the profile page. */
const AI_LINK = 'AI 创作';
/** The way to the viewer's bookmarks (/bookmarks), kept here for the same reason. */
const BOOKMARKS_LINK = '我的收藏';

/** 编辑资料 and 草稿箱, in place of 关注 on the viewer's own profile. */
export function OwnProfileActions() {
  return (
    <div className="flex items-center gap-2">
      <Link to="/settings" data-testid="edit-profile" className={buttonClass('outline', 'md', 'flex-1 md:flex-none')}>
        <Pencil aria-hidden="true" className="size-4" />
        {PROFILES_MESSAGES.editProfile}
      </Link>
      <Link
        to="/publish?drafts=1"
        data-testid="profile-drafts"
        className={buttonClass('outline', 'md', 'flex-1 md:flex-none')}
      >
        <FileText aria-hidden="true" className="size-4" />
        {PROFILES_MESSAGES.drafts}
      </Link>
    </div>
  );
}

/** The points balance (when known) and the ways to /vip, /ai and /bookmarks, under one's own profile's counts. */
export function OwnProfileLinks({ points, isVip }: { points: number | null; isVip: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {points !== null ? <PointsLink points={points} /> : null}
      <VipLink isVip={isVip} />
      <Link
        to="/ai"
        data-testid="profile-ai"
        className="inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-3 py-1.5 text-sm font-medium text-violet-700 hover:bg-violet-100 dark:bg-violet-950/60 dark:text-violet-300 dark:hover:bg-violet-950"
      >
        <Sparkles aria-hidden="true" className="size-4" />
        {AI_LINK}
      </Link>
      <Link
        to="/bookmarks"
        data-testid="profile-bookmarks"
        className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-3 py-1.5 text-sm font-medium text-sky-700 hover:bg-sky-100 dark:bg-sky-950/60 dark:text-sky-300 dark:hover:bg-sky-950"
      >
        <Bookmark aria-hidden="true" className="size-4" />
        {BOOKMARKS_LINK}
      </Link>
    </div>
  );
}

/** The viewer's points balance, linking to the settings page's points section. */
function PointsLink({ points }: { points: number }) {
  return (
    <Link
      to="/settings#points"
      data-testid="profile-points"
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-700 hover:bg-amber-100 dark:bg-amber-950/60 dark:text-amber-300 dark:hover:bg-amber-950"
    >
      <Coins aria-hidden="true" className="size-4" />
      {formatMessage(PROFILES_MESSAGES.pointsValue, { points })}
    </Link>
  );
}

/** 开通会员, or VIP 会员 for a member: the way to /vip from one's own profile. */
function VipLink({ isVip }: { isVip: boolean }) {
  return (
    <Link
      to="/vip"
      data-testid="profile-vip"
      className="inline-flex items-center gap-1.5 rounded-full bg-gray-900 px-3 py-1.5 text-sm font-medium text-amber-300 hover:bg-gray-800 dark:bg-amber-950/60 dark:text-amber-200 dark:hover:bg-amber-950"
    >
      <Crown aria-hidden="true" className="size-4" />
      {isVip ? PROFILES_MESSAGES.vipMember : PROFILES_MESSAGES.becomeVip}
    </Link>
  );
}
