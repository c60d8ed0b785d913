// The accounts module's public face: the account rows (identity, nickname, avatar) and
// every write to them. Other modules use only what is exported here.
import { defineModule } from '../../platform/module.ts';
import './accounts.events.ts';
import * as tables from './accounts.tables.ts';

export {
  DELETED_NICKNAME,
  deleteAccount,
  escapeLike,
  findUserText,
  lastUserId,
  liveUserTextsWhere,
  lockLiveUsers,
  lockViewerAndTarget,
  maskMobile,
  type ProfileChanges,
  requireUser,
  selectUserSearchRows,
  type UserRow,
  type UserText,
  updateProfile,
} from './accounts.service.ts';
/**
 * `users` is exported as a join target for reads (author name and avatar beside a post
 * or comment, a list of people); writes go through this module's functions. `userKey`
 * is what other modules' tables reference in foreign keys.
 */
export { LIFETIME_VIP_UNTIL, userKey, users, vipFlag } from './accounts.tables.ts';
export { AVATAR_MAX_BYTES, replaceAvatar } from './avatar.service.ts';
export { inviteCodeFor, userIdFromInviteCode } from './invite-code.ts';
export {
  createUserAtSignup,
  draftNewUser,
  findInviter,
  findUserByPhone,
  type NewUserDraft,
  type UndoList,
} from './new-user.ts';
export { setVipUntil, vipOf, vipUntilOf } from './vip-until.ts';

/** No endpoints of its own: the users module serves the account calls. */
export const accountsModule = defineModule({ name: 'accounts', tables });
