// The bookmarks module's public face (issue 20): saved links, the recent-URL history, hot
// links, the domain blocklist and the guarded page-meta fetch. Nothing of it is used by
// other modules yet.
export { bookmarksModule } from './bookmarks.module.ts';
