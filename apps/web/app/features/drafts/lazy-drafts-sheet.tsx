import { lazyDialog } from '~/lib/lazy-component.ts';

/** The drafts list (drafts-sheet.tsx) loads when it is first opened. */
export const DraftsSheet = lazyDialog(
  () => import('./drafts-sheet.tsx').then((module) => module.DraftsSheet),
  (props) => props.open,
);
