import { lazyDialog } from '~/lib/lazy-component.ts';

export type { EditSheetProps } from './edit-sheet-panel.tsx';

/** 编辑收藏 (edit-sheet-panel.tsx), whose code loads when a bookmark is first edited. */
export const EditSheet = lazyDialog(
  () => import('./edit-sheet-panel.tsx').then((module) => module.EditSheetPanel),
  (props) => props.bookmark !== null,
);
