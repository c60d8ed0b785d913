import { ChevronDown, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useLoginModal } from './login-modal.tsx';
import { AUTH_MESSAGES } from './messages.ts';
import { useAvatarUrl } from './use-avatar-url.ts';
import { useLogout } from './use-logout.ts';
import { useViewer } from './use-viewer.ts';

type AccountMenuProps = {
  /** Phones: a smaller button, the avatar without the nickname. */
  compact?: boolean;
};

/**
 * The header's login corner: logged out, a 登录 button that opens the login modal;
 * logged in, the avatar and nickname with a menu (我的主页, 设置, 退出登录).
 */
export function AccountMenu({ compact = false }: AccountMenuProps) {
  const viewer = useViewer();
  const { open } = useLoginModal();
  if (!viewer) {
    return (
      <Button
        size="sm"
        onClick={() => open()}
        className={cn(compact ? 'h-8 px-3.5' : 'px-5')}
        data-testid="header-login"
      >
        {AUTH_MESSAGES.login}
      </Button>
    );
  }
  return (
    <LoggedInMenu
      uid={viewer.uid}
      nickname={viewer.nickname}
      avatar={viewer.avatar}
      isAdmin={viewer.role === 'admin'}
      compact={compact}
    />
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

type LoggedInMenuProps = { uid: number; nickname: string; avatar: string; isAdmin: boolean; compact: boolean };

function LoggedInMenu({ uid, nickname, avatar, isAdmin, compact }: LoggedInMenuProps) {
  const [isOpen, setOpen] = useState(false);
  const { logout, pending } = useLogout();
  const avatarUrl = useAvatarUrl(avatar);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => menuItems(menuRef.current);

  // Closes on a click or tap outside, and when focus leaves for good.
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    requestAnimationFrame(() => menuItems(menuRef.current)[0]?.focus());
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(index + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? all[0] : all[all.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-gray-700 outline-none hover:bg-gray-100 focus-visible:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={`${AUTH_MESSAGES.accountMenu}：${nickname}`}
        data-testid="header-account"
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
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
              className="max-w-32 truncate text-sm font-medium text-gray-900 dark:text-white"
              data-testid="header-nickname"
            >
              {nickname}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 text-gray-400" />
          </>
        )}
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={nickname}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          data-testid="account-menu"
          className="absolute top-full right-0 z-40 mt-2 w-48 rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          <p className="truncate px-3 pt-1.5 pb-2 text-sm font-semibold text-gray-900 dark:text-white">{nickname}</p>
          <Link role="menuitem" tabIndex={-1} to={`/user/${uid}`} onClick={() => setOpen(false)} className={itemClass}>
            <UserRound aria-hidden="true" className="size-4 text-gray-500" />
            {AUTH_MESSAGES.myProfile}
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/settings" onClick={() => setOpen(false)} className={itemClass}>
            <Settings aria-hidden="true" className="size-4 text-gray-500" />
            {AUTH_MESSAGES.settings}
          </Link>
          {isAdmin ? (
            <Link
              role="menuitem"
              tabIndex={-1}
              to="/admin/reports"
              data-testid="account-menu-reports"
              onClick={() => setOpen(false)}
              className={itemClass}
            >
              <ShieldCheck aria-hidden="true" className="size-4 text-gray-500" />
              {AUTH_MESSAGES.moderation}
            </Link>
          ) : null}
          <div className="my-1 border-t border-gray-100 dark:border-gray-800" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={pending}
            data-testid="logout"
            onClick={async () => {
              await logout();
              setOpen(false);
            }}
            className={cn(itemClass, 'text-red-600 dark:text-red-400')}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {AUTH_MESSAGES.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}
