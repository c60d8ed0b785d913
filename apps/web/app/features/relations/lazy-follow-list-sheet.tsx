import { lazyDialog } from '~/lib/lazy-component.ts';

/**
 * A profile's following and followers (follow-list-sheet.tsx), whose code (the sheet, the
 * paged lists, the people rows) loads when a count is first pressed.
 */
export const FollowListSheet = lazyDialog(
  () => import('./follow-list-sheet.tsx').then((module) => module.FollowListSheet),
  (props) => props.tab !== null,
);
