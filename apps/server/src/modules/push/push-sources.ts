// What is pushed, from other modules' events, after their commit (push-delivery.ts sends):
// the same facts and recipients the notification list shows (modules/notify), never to the
// person who acted, never between two people when either blocked the other. Payloads say
// no more than the notification list does: a private message's text stays in the app.
import { type PushKind, type PushPayload, teamPath } from '@evcircle/contract';
import type { Db } from '../../platform/db.ts';
import type { AppEvents, EventSubscriptions } from '../../platform/events.ts';
import { DELETED_NICKNAME, findUserText } from '../accounts/index.ts';
import { findCommentTargets } from '../comments/index.ts';
import { findPostTargets } from '../posts/index.ts';
import { isBlockedEitherWay } from '../relations/index.ts';
import { pushToUser } from './push-delivery.ts';

/** Longest comment text a push shows, in characters (the notification list keeps 140). */
const BODY_MAX_LENGTH = 80;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= BODY_MAX_LENGTH ? line : `${chars.slice(0, BODY_MAX_LENGTH).join('')}…`;
}

async function nicknameOf(db: Db, userId: number): Promise<string> {
  const user = await findUserText(db, userId);
  return user?.live ? user.nickname : DELETED_NICKNAME;
}

/** Pushes `payload` to each recipient but the actor and those blocked either way with them. */
async function tell(
  db: Db,
  actorId: number,
  recipientIds: readonly number[],
  kind: PushKind,
  payload: PushPayload,
): Promise<void> {
  for (const recipientId of new Set(recipientIds)) {
    if (recipientId === actorId || (await isBlockedEitherWay(db, recipientId, actorId))) continue;
    await pushToUser(db, recipientId, kind, payload);
  }
}

/** A comment tells the post's author; a reply the person it answers (as notify decides). */
async function pushComment(event: AppEvents['comment.created'], db: Db): Promise<void> {
  const isReply = event.parentId !== null;
  const found = await findCommentTargets(db, isReply ? [event.commentId, event.parentId as number] : [event.commentId]);
  const comment = found.get(event.commentId);
  if (!comment?.live) return;
  const recipientId = isReply
    ? (event.replyToUserId ?? found.get(event.parentId as number)?.userId)
    : (await findPostTargets(db, [event.postId])).get(event.postId)?.userId;
  if (recipientId === undefined) return;
  const name = await nicknameOf(db, event.userId);
  await tell(db, event.userId, [recipientId], 'replies', {
    title: isReply ? `${name}回复了你的评论` : `${name}评论了你的帖子`,
    body: excerpt(comment.content),
    url: `/post/${event.postId}`,
    tag: `post-${event.postId}`,
  });
}

/** A private message tells its receiver who wrote, not what. */
async function pushMessage(event: AppEvents['chat.message.sent'], db: Db): Promise<void> {
  const name = await nicknameOf(db, event.senderId);
  await tell(db, event.senderId, [event.receiverId], 'messages', {
    title: name,
    body: '给你发来一条私信',
    url: `/messages?with=${event.senderId}`,
    tag: `chat-${event.conversationId}`,
  });
}

async function pushTeamNearby(event: AppEvents['team.created'], db: Db): Promise<void> {
  const name = await nicknameOf(db, event.creatorId);
  await tell(db, event.creatorId, event.recipientIds, 'teams', {
    title: '附近有新车队',
    body: `${name}在附近发起了车队「${event.title}」`,
    url: teamPath(event.teamId),
    // One notification for nearby teams on a device: the newest replaces the last.
    tag: 'team-nearby',
  });
}

async function pushTeamJoin(event: AppEvents['team.joined'], db: Db): Promise<void> {
  const name = await nicknameOf(db, event.userId);
  await tell(db, event.userId, event.memberIds, 'teams', {
    title: '车队有新成员',
    body: `${name}加入了车队「${event.title}」`,
    url: teamPath(event.teamId),
    tag: `team-${event.teamId}`,
  });
}

async function pushTeamEnded(event: AppEvents['team.ended'], db: Db): Promise<void> {
  const name = await nicknameOf(db, event.creatorId);
  const isDisbanded = event.change === 'disbanded';
  await tell(db, event.creatorId, event.memberIds, 'teams', {
    title: isDisbanded ? '车队已解散' : '车队已取消',
    body: `${name}${isDisbanded ? '解散' : '取消'}了车队「${event.title}」`,
    // A disbanded team's page leads nowhere: the notification list is where it is told.
    url: isDisbanded ? '/notification' : teamPath(event.teamId),
    tag: `team-${event.teamId}`,
  });
}

/** The push module's subscriptions (push.module.ts). */
export const pushSubscriptionsOfEvents: EventSubscriptions = {
  'comment.created': { afterCommit: pushComment },
  'chat.message.sent': { afterCommit: pushMessage },
  'team.created': { afterCommit: pushTeamNearby },
  'team.joined': { afterCommit: pushTeamJoin },
  'team.ended': { afterCommit: pushTeamEnded },
};
