// The bookmarks feature's public face (issue 20; SPEC.md §7 "Bookmarks"): the /bookmarks
// page (links with their title and icon, folders, search, 最近访问, 热门链接), the admin's
// blocked domains (/admin/bookmarks), and the small 收藏 button of posts and products.
export { BlockedDomains } from './blocked-domains.tsx';
export { BookmarksPage, type BookmarksPageProps, type FolderCount } from './bookmarks-page.tsx';
export { BOOKMARKS_MESSAGES } from './messages.ts';
export { BookmarksPageFrame } from './page-frame.tsx';
export { SaveBookmarkButton } from './save-button.tsx';
