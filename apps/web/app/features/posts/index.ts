// The posts feature's public face: the feeds (home, themes, following, a profile's posts)
// with the post modal over them, the post page and its loader, and the composer; the
// card and the action row alone for the component previews.
export { FeedGrid } from './feed/feed-grid.tsx';
export { FeedUnavailable } from './feed/lazy-feed-unavailable.tsx';
export { FEED_MESSAGES } from './feed/messages.ts';
export { PostCard } from './feed/post-card.tsx';
export { PostCardSkeleton } from './feed/post-card-skeleton.tsx';
export { useFeedPages } from './feed/use-feed-pages.ts';
export { Composer } from './publish/composer.tsx';
export { isOwnComposerUrl } from './publish/composer-url.ts';
export { PUBLISH_MESSAGES } from './publish/messages.ts';
export { THEME_PAGES, themePageAt, themePageOf } from './themes/themes.ts';
export { PostNotFound } from './view/lazy-post-not-found.tsx';
export { listModalAddress } from './view/list-modal-address.ts';
export { loadModalPost, type ModalPreload, shouldRevalidateList } from './view/modal-params.ts';
export { PostActions } from './view/post-actions.tsx';
export { loadPostPage, postMeta } from './view/post-page.ts';
export { PostPageView } from './view/post-page-view.tsx';
