import { lazyComponent } from '~/lib/lazy-component.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useLoginModal } from './login-modal.tsx';
import { AUTH_MESSAGES } from './messages.ts';
import { useAvatarUrl } from './use-avatar-url.ts';
import { useViewer } from './use-viewer.ts';

// The menu (and logout) loads for logged-in visitors only: a first, anonymous visit
// needs just the 登录 button. Until it is there, the avatar stands where its button goes.
const LoggedInMenu = lazyComponent(
  () => import('./logged-in-menu.tsx').then((module) => module.LoggedInMenu),
  (props) => <AvatarPlaceholder {...props} />,
);

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
      isVip={viewer.is_vip === 1 || viewer.isVIP}
      compact={compact}
    />
  );
}

/** The avatar where the menu's button will be, while the menu loads (no shift when it comes). */
function AvatarPlaceholder({ avatar, nickname, compact }: { avatar: string; nickname: string; compact: boolean }) {
  const avatarUrl = useAvatarUrl(avatar);
  return (
    <div className={cn('flex items-center gap-2', compact ? 'p-0.5' : 'py-1 pr-2 pl-1')}>
      <Avatar src={avatarUrl} name={nickname} size={compact ? 30 : 32} />
      {compact ? null : <span className="max-w-24 truncate text-sm font-medium 2xl:max-w-32">{nickname}</span>}
    </div>
  );
}
