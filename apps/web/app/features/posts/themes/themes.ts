import { POST_THEMES, type PostTheme, THEME_FEEDS } from '@evcircle/contract/client';
import { THEME_MESSAGES } from './messages.ts';

export type ThemePage = {
  theme: PostTheme;
  /** The page of SPEC.md §2 that shows this theme's feed. */
  path: string;
  /** Short name, as in the navigation. */
  label: string;
  /** One line under the heading and in the description meta tag. */
  description: string;
  endpoint: (typeof THEME_FEEDS)[PostTheme];
};

/**
 * The themed feed pages. Tesla's feed sits on /tesla-tools, the car-brand page of
 * SPEC.md §2 (there is no /tesla route); the others are named after their theme.
 */
export const THEME_PAGES: readonly ThemePage[] = [
  {
    theme: 'mod',
    path: '/mod',
    label: THEME_MESSAGES.mod.label,
    description: THEME_MESSAGES.mod.description,
    endpoint: THEME_FEEDS.mod,
  },
  {
    theme: 'beauty',
    path: '/beauty',
    label: THEME_MESSAGES.beauty.label,
    description: THEME_MESSAGES.beauty.description,
    endpoint: THEME_FEEDS.beauty,
  },
  {
    theme: 'travel',
    path: '/travel',
    label: THEME_MESSAGES.travel.label,
    description: THEME_MESSAGES.travel.description,
    endpoint: THEME_FEEDS.travel,
  },
  {
    theme: 'tesla',
    path: '/tesla-tools',
    label: THEME_MESSAGES.tesla.label,
    description: THEME_MESSAGES.tesla.description,
    endpoint: THEME_FEEDS.tesla,
  },
  {
    theme: 'exp',
    path: '/exp',
    label: THEME_MESSAGES.exp.label,
    description: THEME_MESSAGES.exp.description,
    endpoint: THEME_FEEDS.exp,
  },
];

/** The theme page at `pathname`, if it is one. */
export function themePageAt(pathname: string): ThemePage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return THEME_PAGES.find((page) => page.path === path);
}

/** The theme page of a theme (for links from a post to its theme). */
export function themePageOf(theme: PostTheme): ThemePage {
  return THEME_PAGES.find((page) => page.theme === theme) ?? (THEME_PAGES[0] as ThemePage);
}

/**
 * The name of each post theme in the composer's picker and the drafts list: the same
 * names as the theme feeds in the navigation (改装 / 颜值 / 旅行 / 特斯拉 / 经验), so a post
 * is filed under the name the reader will find it by.
 */
export const POST_THEME_LABELS: Record<PostTheme, string> = {
  mod: THEME_MESSAGES.mod.label,
  beauty: THEME_MESSAGES.beauty.label,
  travel: THEME_MESSAGES.travel.label,
  tesla: THEME_MESSAGES.tesla.label,
  exp: THEME_MESSAGES.exp.label,
};

/** The themes in the contract's order, with their names. */
export const THEME_OPTIONS = POST_THEMES.map((value) => ({ value, label: POST_THEME_LABELS[value] }));
