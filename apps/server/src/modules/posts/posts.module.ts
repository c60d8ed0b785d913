import {
  AppError,
  followingFeed,
  POST_THEMES,
  postDelete,
  postDetail,
  postInfo,
  postPlay,
  postRelease,
  postShare,
  postsNoAds,
  THEME_FEEDS,
  userPosts,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { playPost, sharePost } from './post-acts.service.ts';
import { adjustPostCounters } from './post-counters.ts';
import { getPostDetail, postShareUrl } from './post-detail.service.ts';
import { takeVideoLadder } from './post-media.ts';
import { releasePost } from './post-release.service.ts';
import {
  deletePost,
  deletePostsOf,
  FEED_CACHE_MS,
  feedAnswer,
  invalidateFeed,
  listFollowingFeed,
  postsOfUser,
} from './posts.service.ts';
import * as tables from './posts.tables.ts';

// Anonymous visitors (most feed traffic) share one serialized answer per page for
// FEED_CACHE_MS; the events below that change a feed clear it, in every process.
const feedCache = { anonymousCacheMs: FEED_CACHE_MS, cacheTag: 'feed' };
const forgetFeed = { everywhere: (_payload: unknown, db: Parameters<typeof invalidateFeed>[0]) => invalidateFeed(db) };

/** Posts: feeds, publishing, detail, delete, share and play counts, likes of posts. */
export const postsModule = defineModule({
  name: 'posts',
  tables,
  endpoints: (app) => [
    serve(
      postsNoAds,
      ({ page, size }, { viewer, serialize }) =>
        feedAnswer(app.db, { page, size, viewerId: viewer?.id ?? null }, serialize),
      feedCache,
    ),
    ...POST_THEMES.map((theme) =>
      serve(
        THEME_FEEDS[theme],
        ({ page, size }, { viewer, serialize }) =>
          feedAnswer(app.db, { page, size, theme, viewerId: viewer?.id ?? null }, serialize),
        feedCache,
      ),
    ),
    serve(followingFeed, ({ page, size }, { viewer }) => listFollowingFeed(app.db, viewer.id, { page, size })),
    serve(userPosts, ({ uid, page, size }, { viewer }) => postsOfUser(app.db, uid, { page, size }, viewer?.id ?? null)),
    serve(postRelease, (input, { viewer }) => releasePost(app.db, viewer.id, input)),
    serve(postDetail, async ({ pid }, { viewer }) => [
      await getPostDetail(app.db, pid, viewer?.id ?? null, app.config.PUBLIC_URL),
    ]),
    serve(postInfo, ({ id }, { viewer }) => getPostDetail(app.db, id, viewer?.id ?? null, app.config.PUBLIC_URL)),
    serve(postDelete, async ({ pid }, { viewer }) => {
      await deletePost(app.db, { pid, actorId: viewer.id, asModerator: false });
      return { result: true };
    }),
    serve(postShare, async ({ pid }, { viewer, request }) => ({
      sharenum: await sharePost(app.db, pid, { viewerId: viewer?.id ?? null, ip: request.ip }),
      share_url: postShareUrl(app.config.PUBLIC_URL, pid),
    })),
    serve(postPlay, async ({ pid }, { viewer, request }) => ({
      playnum: await playPost(app.db, pid, { viewerId: viewer?.id ?? null, ip: request.ip }),
    })),
  ],
  events: {
    'post.changed': forgetFeed,
    // A video's HLS ladder is ready: the posts using it play it from now on.
    'upload.transcoded': { inTransaction: (ladder, tx) => takeVideoLadder(tx, ladder), ...forgetFeed },
    // Cards carry the author's name and avatar.
    'account.changed': forgetFeed,
    'account.deleted': { inTransaction: ({ userId }, tx) => deletePostsOf(tx, userId), ...forgetFeed },
    // A comment and its post's counter commit together: a post deleted meanwhile rolls the comment back.
    'comment.created': {
      inTransaction: async ({ postId }, tx) => {
        if (!(await adjustPostCounters(tx, postId, { comments: 1 }))) throw new AppError('POST_NOT_FOUND');
      },
      ...forgetFeed,
    },
    'comment.deleted': {
      inTransaction: async ({ postId, removed }, tx) => {
        await adjustPostCounters(tx, postId, { comments: -removed });
      },
      ...forgetFeed,
    },
  },
});
