import { POST_THEMES, type PostTheme } from '@evcircle/contract/client';
import { THEME_MESSAGES } from '~/features/feed/messages.ts';

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
