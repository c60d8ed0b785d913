import { lazyDialog } from '~/lib/lazy-component.ts';

export type { ConfirmSheetProps } from './confirm-sheet-panel.tsx';

/**
 * A yes/no question before an action (confirm-sheet-panel.tsx), whose code loads when it
 * is first asked: until then a page draws no closed dialog for it.
 */
export const ConfirmSheet = lazyDialog(
  () => import('./confirm-sheet-panel.tsx').then((module) => module.ConfirmSheetPanel),
  (props) => props.open,
);
