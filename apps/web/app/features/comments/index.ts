// The comments feature's public face: a post's comment section, and the page size its
// first page is fetched with by the post page's loader; its box and loading rows for the
// component previews.
export { CommentComposer } from './comment-composer.tsx';
export { CommentSkeleton } from './comment-skeleton.tsx';
export { CommentSection } from './lazy-comment-section.tsx';
export { COMMENTS_PAGE_SIZE } from './use-comments.ts';
