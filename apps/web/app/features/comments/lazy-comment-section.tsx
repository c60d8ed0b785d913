import { lazyComponent } from '~/lib/lazy-component.ts';
import { CommentSkeleton } from './comment-skeleton.tsx';

/**
 * A post's comment section, whose code (the list, the composer, replies, likes, menus)
 * loads beside the page rather than in its first load: it sits below the post, and the
 * server's HTML already shows the first comments while it hydrates.
 */
export const CommentSection = lazyComponent(
  () => import('./comment-section.tsx').then((module) => module.CommentSection),
  () => <CommentSkeleton />,
);
