// The relations module's public face: who follows and who blocked whom, as read helpers
// (subqueries and sets for other modules' lists) and user cards marked for a viewer.
import './relations.events.ts';

export {
  blockedEitherWayIdsOf,
  blockedIdsOf,
  blockedSetOf,
  hasBlocked,
  isBlockedEitherWay,
} from './blocks.service.ts';
export {
  followCounts,
  followedAmong,
  followeeIdsOf,
  followerCountSql,
  followerIdsOf,
  followersAmong,
  toUserCards,
} from './follows.service.ts';
export { type FriendQuery, type FriendType, listFriends } from './friends.service.ts';
export { relationsModule } from './relations.module.ts';
export { type ViewerRelations, viewerRelations } from './viewer-relations.ts';
