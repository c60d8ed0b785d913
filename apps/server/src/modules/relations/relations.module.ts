import {
  blockAct,
  blockCheck,
  blockList,
  followAct,
  followCheck,
  followCheckMutual,
  followers,
  followingList,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { hasBlocked, listBlocked, toggleBlock } from './blocks.service.ts';
import * as blockTables from './blocks.tables.ts';
import { followRelation, isFollowing, listFollows, removeFollowsOf, toggleFollow } from './follows.service.ts';
import * as followTables from './follows.tables.ts';
import { forgetRelations } from './viewer-relations.ts';

/** Follows and blocks between people: toggles, checks, lists, and user cards marked with them. */
export const relationsModule = defineModule({
  name: 'relations',
  tables: { ...followTables, ...blockTables },
  endpoints: (app) => [
    serve(followAct, async ({ uid }, { viewer }) => {
      const { isfollow } = await toggleFollow(app.db, viewer.id, uid);
      return { result: true, isfollow: isfollow ? 1 : 0 };
    }),
    serve(followCheck, async ({ uid }, { viewer }) => ({
      isfollow: (await isFollowing(app.db, viewer?.id ?? null, uid)) ? 1 : 0,
    })),
    serve(followCheckMutual, async ({ uid }, { viewer }) => {
      const relation = await followRelation(app.db, viewer?.id ?? null, uid);
      return { isfollow: relation.isfollow ? 1 : 0, istfollow: relation.istfollow ? 1 : 0 };
    }),
    serve(followers, ({ uid, page, size }, { viewer }) =>
      listFollows(app.db, 'followers', uid, { page, size }, viewer?.id ?? null),
    ),
    serve(followingList, ({ uid, page, size }, { viewer }) =>
      listFollows(app.db, 'following', uid, { page, size }, viewer?.id ?? null),
    ),
    serve(blockAct, async ({ uid }, { viewer }) => {
      const { isblock } = await toggleBlock(app.db, viewer.id, uid);
      return { isblock: isblock ? 1 : 0 };
    }),
    serve(blockCheck, async ({ uid }, { viewer }) => ({
      isblock: viewer && (await hasBlocked(app.db, viewer.id, uid)) ? 1 : 0,
    })),
    serve(blockList, ({ page, size }, { viewer }) => listBlocked(app.db, viewer.id, { page, size })),
  ],
  events: {
    // Blocks stay: they protect the person who blocked, whoever the other was.
    'account.deleted': {
      inTransaction: ({ userId }, tx) => removeFollowsOf(tx, userId),
      everywhere: (_payload, db) => forgetRelations(db),
    },
    // A viewer's relations are answered from memory for a few seconds: a change forgets them everywhere.
    'follow.created': { everywhere: ({ followerId }, db) => forgetRelations(db, [followerId]) },
    'follow.removed': { everywhere: ({ followerId }, db) => forgetRelations(db, [followerId]) },
    'block.changed': { everywhere: ({ blockerId, blockedId }, db) => forgetRelations(db, [blockerId, blockedId]) },
  },
});
