// The component preview and test pages of SPEC.md §2 (/m/components/…, /post/components/…,
// /m/post/components/…, and /pagination-test): the pages, and what their routes' loader,
// meta and headers need.

export { PREVIEW_MESSAGES } from './messages.ts';
export { loadPagingTest, PagingTestPage } from './paging-test.tsx';
export {
  loadPreview,
  PREVIEW_NAMES,
  PREVIEW_PREFIXES,
  type PreviewPrefix,
  previewHeaders,
  previewMeta,
} from './preview-list.ts';
export { ComponentPreviewPage } from './preview-page.tsx';
