import { RELATIONS_MESSAGES } from './messages.ts';

/** The viewer's relation to another user: do I follow them, do they follow me. */
export type FollowRelation = { isFollowing: boolean; isFollowedBy: boolean };

/**
 * The follow button's label. 互相关注 when both follow each other, 已关注 when only the
 * viewer follows, 回关 when only they follow the viewer (the usual Chinese-app wording for
 * following back; SPEC.md is silent), otherwise 关注.
 */
export function followLabel({ isFollowing, isFollowedBy }: FollowRelation): string {
  if (isFollowing && isFollowedBy) return RELATIONS_MESSAGES.mutual;
  if (isFollowing) return RELATIONS_MESSAGES.following;
  if (isFollowedBy) return RELATIONS_MESSAGES.followBack;
  return RELATIONS_MESSAGES.follow;
}
