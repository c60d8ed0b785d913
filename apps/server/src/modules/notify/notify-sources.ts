// Where notifications come from: other modules' events. Each is made after the fact's
// commit (a failure is logged and never undoes a like or a comment); only what removes a
// deleted account's notifications runs in its transaction. Handlers take the payload,
// then the database, as subscribers do.
import { REPORT_REASONS, type ReportReason } from '@evcircle/contract';
import type { Db } from '../../platform/db.ts';
import type { AppEvents, EventSubscriptions } from '../../platform/events.ts';
import { findCommentTargets } from '../comments/index.ts';
import { findPostTargets } from '../posts/index.ts';
import { resolveMentions } from './mentions.ts';
import { forgetBetween, forgetPerson, pushUnread, recordInteraction, recordNotice } from './notify.service.ts';
import { CONTENT_MAX_LENGTH, excerptOf } from './notify-text.ts';
import { notifyTeamEnded, notifyTeamJoin, notifyTeamNearby } from './team-notices.ts';
import { notifyVipGranted, notifyVipRenewal } from './vip-notices.ts';

/** Where the text mentioning people sits: a post, or a comment on it. */
type MentionPlace = { authorId: number; postId: number; commentId: number | null; text: string };

/**
 * Tells the people `text` mentions (mentions.ts resolves who), except those in
 * `alreadyTold` (the person a reply answers is told once, as a reply).
 */
async function notifyMentions(db: Db, place: MentionPlace, alreadyTold: readonly number[] = []): Promise<void> {
  const mentioned = await resolveMentions(db, place.authorId, place.text);
  for (const recipientId of mentioned) {
    if (alreadyTold.includes(recipientId)) continue;
    await recordInteraction(db, {
      recipientId,
      actorId: place.authorId,
      action: 'mention',
      groupKey: null,
      postId: place.postId,
      commentId: place.commentId,
      content: excerptOf(place.text, CONTENT_MAX_LENGTH),
    });
  }
}

/**
 * A top-level comment tells the post's author ("评论了你的帖子"); a reply tells the person
 * it answers ("回复了你的评论"): the reply's author it answers, else its comment's
 * author. The post's author is not told of replies under comments (they follow their
 * post through the comments on it, as the big apps do). Then the people it mentions.
 */
async function notifyComment(event: AppEvents['comment.created'], db: Db): Promise<void> {
  const commentsById = await findCommentTargets(
    db,
    event.parentId === null ? [event.commentId] : [event.commentId, event.parentId],
  );
  const comment = commentsById.get(event.commentId);
  if (!comment?.live) return;
  const recipientId =
    event.parentId === null
      ? (await findPostTargets(db, [event.postId])).get(event.postId)?.userId
      : (event.replyToUserId ?? commentsById.get(event.parentId)?.userId);
  if (recipientId !== undefined) {
    await recordInteraction(db, {
      recipientId,
      actorId: event.userId,
      action: event.parentId === null ? 'comment' : 'reply',
      groupKey: null,
      postId: event.postId,
      commentId: event.commentId,
      content: excerptOf(comment.content, CONTENT_MAX_LENGTH),
    });
  }
  await notifyMentions(
    db,
    { authorId: event.userId, postId: event.postId, commentId: event.commentId, text: comment.content },
    recipientId === undefined ? [] : [recipientId],
  );
}

async function notifyPostLike({ postId, userId, authorId }: AppEvents['post.liked'], db: Db): Promise<void> {
  await recordInteraction(db, {
    recipientId: authorId,
    actorId: userId,
    action: 'like',
    groupKey: `like:post:${postId}`,
    postId,
  });
}

async function notifyCommentLike(event: AppEvents['comment.liked'], db: Db): Promise<void> {
  const comment = (await findCommentTargets(db, [event.commentId])).get(event.commentId);
  if (!comment?.live) return;
  await recordInteraction(db, {
    recipientId: event.authorId,
    actorId: event.userId,
    action: 'like',
    groupKey: `like:comment:${event.commentId}`,
    postId: event.postId,
    commentId: event.commentId,
    content: excerptOf(comment.content, CONTENT_MAX_LENGTH),
  });
}

async function notifyPostMentions({ postId, userId }: AppEvents['post.created'], db: Db): Promise<void> {
  const post = (await findPostTargets(db, [postId])).get(postId);
  if (!post?.live) return;
  await notifyMentions(db, { authorId: userId, postId, commentId: null, text: post.content });
}

const WELCOME = {
  title: '欢迎来到车友圈',
  content: '你好，欢迎加入车友圈！在这里分享用车心得、结识同城车友，快去发布你的第一篇帖子吧。',
  link: '/publish',
};

const TARGET_WORD = { post: '帖子', comment: '评论', user: '账号' } as const;

/** The reported post or comment: its post, and its first words (deleted ones included). */
async function reportedContent(db: Db, type: 'post' | 'comment', id: number) {
  if (type === 'post') {
    const post = (await findPostTargets(db, [id])).get(id);
    return post ? { postId: post.id, commentId: null, excerpt: excerptOf(post.content), live: post.live } : null;
  }
  const comment = (await findCommentTargets(db, [id])).get(id);
  return comment
    ? { postId: comment.postId, commentId: comment.id, excerpt: excerptOf(comment.content), live: comment.live }
    : null;
}

/** Where a reporter's notice leads: the user reported, or the post the content kept sits in. */
function reporterLink(event: AppEvents['report.resolved'], content: { postId: number; live: boolean } | null): string {
  if (event.targetType === 'user') return `/user/${event.targetId}`;
  return event.action === 'dismiss' && content?.live ? `/post/${content.postId}` : '';
}

/**
 * A settled report tells each reporter the outcome, and, when the content was removed
 * now, its author why ("因「垃圾广告」"). Reports of a user are only ever dismissed.
 */
async function notifyReportResolved(event: AppEvents['report.resolved'], db: Db): Promise<void> {
  const content = event.targetType === 'user' ? null : await reportedContent(db, event.targetType, event.targetId);
  const isRemoved = event.action === 'remove';
  const link = reporterLink(event, content);
  for (const recipientId of event.reporterIds) {
    await recordNotice(db, {
      recipientId,
      type: 'moderation',
      title: '举报处理结果',
      content: isRemoved
        ? `你举报的${TARGET_WORD[event.targetType]}已被处理，感谢你帮助维护社区环境。`
        : `你举报的${TARGET_WORD[event.targetType]}经核实未发现违规，感谢你的反馈。`,
      postId: content?.postId ?? null,
      commentId: content?.commentId ?? null,
      link,
    });
  }
  if (event.removed && content && event.targetType !== 'user') {
    const reason = REPORT_REASONS[event.reason as ReportReason] ?? REPORT_REASONS.other;
    await recordNotice(db, {
      recipientId: event.targetUserId,
      type: 'moderation',
      title: '内容违规处理通知',
      content: `你发布的${TARGET_WORD[event.targetType]}「${content.excerpt}」因「${reason}」违反社区规范，已被删除。`,
      postId: content.postId,
      commentId: content.commentId,
    });
  }
}

/** The notify module's subscriptions (notify.module.ts). */
export const notifySubscriptions: EventSubscriptions = {
  'post.liked': { afterCommit: notifyPostLike },
  'comment.liked': { afterCommit: notifyCommentLike },
  'comment.created': { afterCommit: notifyComment },
  'post.created': { afterCommit: notifyPostMentions },
  'follow.created': {
    afterCommit: ({ followerId, followeeId }, db) =>
      recordInteraction(db, { recipientId: followeeId, actorId: followerId, action: 'follow', groupKey: 'follow' }),
  },
  'report.resolved': { afterCommit: notifyReportResolved },
  'account.created': {
    afterCommit: ({ userId }, db) => recordNotice(db, { recipientId: userId, type: 'notice', ...WELCOME }),
  },
  // What the person was told goes with their account; what they did leaves others' lists.
  'account.deleted': { inTransaction: ({ userId }, tx) => forgetPerson(tx, userId) },
  'block.changed': { afterCommit: ({ blockerId, blockedId }, db) => forgetBetween(db, blockerId, blockedId) },
  'notifications.read': { afterCommit: ({ userId }, db) => pushUnread(db, userId) },
  // Team notifications (team-notices.ts), from the teams module's events.
  'team.created': { afterCommit: notifyTeamNearby },
  'team.joined': { afterCommit: notifyTeamJoin },
  'team.ended': { afterCommit: notifyTeamEnded },
  // VIP notices (vip-notices.ts), from the vip module's events.
  'vip.granted': { afterCommit: notifyVipGranted },
  'vip.renewal': { afterCommit: notifyVipRenewal },
};
