import {
  Bookmark,
  BookmarkX,
  ChevronDown,
  ClipboardList,
  Crown,
  LogOut,
  Package,
  ReceiptText,
  Settings,
  ShieldCheck,
  Sparkles,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '~/ui/menu.tsx';
import { AUTH_MESSAGES } from './messages.ts';
import { useAvatarUrl } from './use-avatar-url.ts';
import { useLogout } from './use-logout.ts';

/** The menu's way to /vip (zh-CN); here, not in messages.ts, so it loads with the menu, not the header. */
const VIP_ITEM = { member: 'VIP 会员', join: '开通会员' } as const;
/** The menu's ways to the shop's orders (zh-CN), kept here for the same reason. */
const ORDER_ITEMS = { mine: '我的订单', admin: '订单管理' } as const;
/** The menu's way to the AI tools (/ai), kept here for the same reason. */
const AI_ITEM = 'AI 创作';
/** The menu's ways to the viewer's bookmarks and their admin (zh-CN), kept here for the same reason. */
const BOOKMARK_ITEMS = { mine: '我的收藏', admin: '收藏管理' } as const;

type LoggedInMenuProps = {
  uid: number;
  nickname: string;
  avatar: string;
  isAdmin: boolean;
  isVip: boolean;
  compact: boolean;
};

/** The logged-in header corner: the avatar and nickname with a menu (我的主页, 设置, 退出登录). */
export function LoggedInMenu({ uid, nickname, avatar, isAdmin, isVip, compact }: LoggedInMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const { logout, pending } = useLogout();
  const avatarUrl = useAvatarUrl(avatar);
  const close = () => setOpen(false);

  return (
    <div className="relative">
      <Menu
        isOpen={isOpen}
        onOpenChange={setOpen}
        label={nickname}
        data-testid="account-menu"
        className="mt-2 w-48"
        trigger={(props) => (
          <button
            type="button"
            {...props}
            aria-label={`${AUTH_MESSAGES.accountMenu}：${nickname}`}
            data-testid="header-account"
            className={cn(
              'flex items-center gap-2 rounded-full transition-colors hover:bg-gray-100 dark:hover:bg-gray-800',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
              compact ? 'p-0.5' : 'py-1 pr-2 pl-1',
            )}
          >
            <Avatar src={avatarUrl} name={nickname} size={compact ? 30 : 32} />
            {compact ? null : (
              <>
                <span
                  className="max-w-24 truncate text-sm font-medium text-gray-900 2xl:max-w-32 dark:text-white"
                  data-testid="header-nickname"
                >
                  {nickname}
                </span>
                <ChevronDown aria-hidden="true" className="size-4 text-gray-400" />
              </>
            )}
          </button>
        )}
      >
        <p className="truncate px-3 pt-1.5 pb-2 text-sm font-semibold text-gray-900 dark:text-white">{nickname}</p>
        <MenuLink to={`/user/${uid}`} onClick={close}>
          <UserRound aria-hidden="true" className="size-4 text-gray-500" />
          {AUTH_MESSAGES.myProfile}
        </MenuLink>
        <MenuLink to="/vip" data-testid="account-menu-vip" onClick={close}>
          <Crown aria-hidden="true" className="size-4 text-amber-500" />
          {isVip ? VIP_ITEM.member : VIP_ITEM.join}
        </MenuLink>
        <MenuLink to="/ai" data-testid="account-menu-ai" onClick={close}>
          <Sparkles aria-hidden="true" className="size-4 text-violet-500" />
          {AI_ITEM}
        </MenuLink>
        <MenuLink to="/orders" data-testid="account-menu-orders" onClick={close}>
          <ClipboardList aria-hidden="true" className="size-4 text-gray-500" />
          {ORDER_ITEMS.mine}
        </MenuLink>
        <MenuLink to="/bookmarks" data-testid="account-menu-bookmarks" onClick={close}>
          <Bookmark aria-hidden="true" className="size-4 text-gray-500" />
          {BOOKMARK_ITEMS.mine}
        </MenuLink>
        <MenuLink to="/settings" onClick={close}>
          <Settings aria-hidden="true" className="size-4 text-gray-500" />
          {AUTH_MESSAGES.settings}
        </MenuLink>
        {isAdmin ? (
          <MenuLink to="/admin/reports" data-testid="account-menu-reports" onClick={close}>
            <ShieldCheck aria-hidden="true" className="size-4 text-gray-500" />
            {AUTH_MESSAGES.moderation}
          </MenuLink>
        ) : null}
        {isAdmin ? (
          <MenuLink to="/admin/products" data-testid="account-menu-products" onClick={close}>
            <Package aria-hidden="true" className="size-4 text-gray-500" />
            {AUTH_MESSAGES.shopAdmin}
          </MenuLink>
        ) : null}
        {isAdmin ? (
          <MenuLink to="/admin/orders" data-testid="account-menu-admin-orders" onClick={close}>
            <ReceiptText aria-hidden="true" className="size-4 text-gray-500" />
            {ORDER_ITEMS.admin}
          </MenuLink>
        ) : null}
        {isAdmin ? (
          <MenuLink to="/admin/bookmarks" data-testid="account-menu-admin-bookmarks" onClick={close}>
            <BookmarkX aria-hidden="true" className="size-4 text-gray-500" />
            {BOOKMARK_ITEMS.admin}
          </MenuLink>
        ) : null}
        <MenuSeparator />
        <MenuItem
          isDanger
          disabled={pending}
          data-testid="logout"
          onClick={async () => {
            await logout();
            close();
          }}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {AUTH_MESSAGES.logout}
        </MenuItem>
      </Menu>
    </div>
  );
}
