import type { ColorModePreference } from './color-mode.ts';

export const COLOR_MODE_MESSAGES = {
  label: '颜色模式',
  names: { system: '跟随系统', light: '浅色', dark: '深色' } satisfies Record<ColorModePreference, string>,
  /** Accessible name of the cycling button: says what it is now and that a click changes it. */
  toggle: '颜色模式：{mode}（点击切换）',
  forced: '此页面固定使用{mode}模式',
} as const;
