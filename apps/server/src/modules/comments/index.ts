// The comments module's public face: comment lookups and deletion for moderation, and
// the like toggle the likes module serves.
import './comments.events.ts';

export { toggleCommentLike } from './comment-likes.service.ts';
export { type CommentTarget, findCommentTargets } from './comment-lookup.ts';
export { commentsModule } from './comments.module.ts';
export { deleteComment } from './comments.service.ts';
