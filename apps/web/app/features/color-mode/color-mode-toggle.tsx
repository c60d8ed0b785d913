import { formatMessage } from '@evcircle/contract/client';
import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { COLOR_MODE_PREFERENCES, type ColorModePreference } from './color-mode.ts';
import { useColorMode } from './color-mode-provider.tsx';
import { COLOR_MODE_MESSAGES } from './messages.ts';

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

function nextPreference(current: ColorModePreference): ColorModePreference {
  const index = COLOR_MODE_PREFERENCES.indexOf(current);
  return COLOR_MODE_PREFERENCES[(index + 1) % COLOR_MODE_PREFERENCES.length] ?? 'system';
}

/**
 * One button that cycles 跟随系统 → 浅色 → 深色. Before hydration it shows the system icon
 * (the server cannot know the stored choice) and is inert.
 */
export function ColorModeToggle({ className }: { className?: string }) {
  const { preference, forced, setPreference } = useColorMode();
  const shown = preference ?? 'system';
  const Icon = ICONS[shown];
  const label = forced
    ? formatMessage(COLOR_MODE_MESSAGES.forced, { mode: COLOR_MODE_MESSAGES.names[forced] })
    : formatMessage(COLOR_MODE_MESSAGES.toggle, { mode: COLOR_MODE_MESSAGES.names[shown] });

  return (
    <IconButton
      data-testid="color-mode-toggle"
      data-preference={preference ?? undefined}
      label={label}
      title={label}
      disabled={preference === null || forced !== null}
      onClick={() => setPreference(nextPreference(shown))}
      className={cn('text-gray-600 disabled:opacity-50 dark:text-gray-300', className)}
    >
      <Icon aria-hidden="true" className="size-5" />
    </IconButton>
  );
}
