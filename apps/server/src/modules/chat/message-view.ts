import {
  type ChatMessage,
  type ChatPostCard,
  type ChatProductCard,
  TALK_TYPE,
  type TeamInviteCard,
  type TeamInviteStatus,
} from '@evcircle/contract';
import type { Db } from '../../platform/db.ts';
import { findPostSummaries, type PostSummary } from '../posts/index.ts';
import { findProductSummaries, type ProductSummary } from '../shop/index.ts';
import type { chatMessages } from './chat.tables.ts';
import type { ConversationRow } from './conversations.service.ts';
import { peerOf } from './pair.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

/**
 * Stored messages of one conversation as ChatMessages. Post and product cards are built
 * now, from the post and product as they are (a deleted post's card says so; a product
 * taken off sale is `on_sale` false), never from a copy kept with the message. A team
 * invitation's card is the one stored with it (the chat module knows no teams), its
 * state as the teams module last settled it, read as closed once the team has expired.
 */
export async function toChatMessages(
  db: Db,
  conversation: ConversationRow,
  rows: readonly MessageRow[],
  now: Date = new Date(),
): Promise<ChatMessage[]> {
  const isTeam = conversation.talkType === TALK_TYPE.group;
  const postIds = rows.flatMap((row) => (row.postId === null ? [] : [row.postId]));
  const productIds = rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
  const [postSummaries, productSummaries] = await Promise.all([
    findPostSummaries(db, postIds),
    findProductSummaries(db, productIds),
  ]);
  return rows.map((row) => ({
    id: row.id,
    conversation_id: row.conversationId,
    talk_type: conversation.talkType,
    msg_type: row.msgType,
    sender_id: row.senderId,
    receiver_id: isTeam ? 0 : peerOf(conversation, row.senderId),
    team_id: isTeam ? (conversation.teamId ?? 0) : 0,
    content: row.content,
    media_src: row.media?.key ?? '',
    media: row.media
      ? {
          src: row.media.key,
          width: row.media.width,
          height: row.media.height,
          cover: row.media.coverKey,
          duration_ms: row.media.durationMs,
        }
      : null,
    post_id: row.postId,
    prd_id: row.productId,
    post: row.postId === null ? null : postCard(row.postId, postSummaries.get(row.postId)),
    product: row.productId === null ? null : productCard(row.productId, productSummaries.get(row.productId)),
    team_invite: inviteCard(row, now),
    client_msg_id: row.clientMsgId ?? '',
    created_at: row.createdAt.toISOString(),
  }));
}

function inviteCard(row: MessageRow, now: Date): TeamInviteCard | null {
  if (row.inviteTeamId === null || row.invite === null) return null;
  const stored = (row.inviteStatus ?? 'closed') as TeamInviteStatus;
  const hasExpired = stored === 'pending' && new Date(row.invite.expiresAt).getTime() <= now.getTime();
  return {
    team_id: String(row.inviteTeamId),
    title: row.invite.title,
    expires_at: row.invite.expiresAt,
    status: hasExpired ? 'closed' : stored,
  };
}

function postCard(pid: number, post: PostSummary | undefined): ChatPostCard {
  if (!post) return { pid, excerpt: '', cover: '', author: '', live: false };
  return { pid, excerpt: post.excerpt, cover: post.cover, author: post.authorName, live: post.live };
}

function productCard(pid: number, product: ProductSummary | undefined): ChatProductCard {
  if (!product) return { pid, title: '', cover: '', price: '0.00', on_sale: false };
  return { pid, title: product.title, cover: product.cover, price: product.price, on_sale: product.onSale };
}
