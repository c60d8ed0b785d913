import { POST_THEMES, type PostTheme, THEME_FEEDS, THEME_PAGE } from '@evcircle/contract/client';
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

/** The themed feed pages, in the contract's order (THEME_PAGE: their paths and names). */
export const THEME_PAGES: readonly ThemePage[] = POST_THEMES.map((theme) => ({
  theme,
  path: THEME_PAGE[theme].path,
  label: THEME_PAGE[theme].name,
  description: THEME_MESSAGES[theme].description,
  endpoint: THEME_FEEDS[theme],
}));

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
export const POST_THEME_LABELS: Record<PostTheme, string> = Object.fromEntries(
  POST_THEMES.map((theme) => [theme, THEME_PAGE[theme].name]),
) as Record<PostTheme, string>;

/** The themes in the contract's order, with their names. */
export const THEME_OPTIONS = POST_THEMES.map((value) => ({ value, label: POST_THEME_LABELS[value] }));
