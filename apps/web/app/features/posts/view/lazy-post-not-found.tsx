import { lazyComponent } from '~/lib/lazy-component.ts';

/** The 404 of a post (post-not-found.tsx): its code loads only on such a page, not with every post. */
export const PostNotFound = lazyComponent(() => import('./post-not-found.tsx').then((module) => module.PostNotFound));
