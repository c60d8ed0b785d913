import { AppError, type chatSend, MSG_TYPE } from '@evcircle/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { findPostSummaries, storageKeyOf } from '../posts/index.ts';
import { findProductSummaries } from '../shop/index.ts';
import { findOwnUploads } from '../uploads/index.ts';
import type { StoredChatMedia } from './chat.tables.ts';

export type SendInput = z.output<NonNullable<(typeof chatSend)['body']>>;
/** What a message says, whichever chat it goes to (a private send, a team send). */
export type ContentInput = Pick<SendInput, 'msg_type' | 'content' | 'media_src' | 'post_id' | 'prd_id'>;

/** What a message stores besides who sent it where: checked, and resolved from the sender's own records. */
export type MessageContent = {
  msgType: number;
  content: string;
  media: StoredChatMedia | null;
  postId: number | null;
  productId: number | null;
};

/**
 * Checks a send's fields for its msg_type and answers what to store (SPEC.md §3 "Chat
 * message"): text needs `content`; an image or video `media_src`, an upload of the
 * sender's of that kind (the key or the URL the upload answered; sizes, cover and length
 * come from the upload record, never from the client); a post card a live post; a
 * product card a product on sale. Any text is checked for prohibited words. A team
 * invitation (msg_type 6) is not sent this way: CHAT_TYPE_UNSUPPORTED, like any other type.
 */
export async function resolveMessageContent(db: Db, senderId: number, input: ContentInput): Promise<MessageContent> {
  if (input.content !== '') assertNoProhibitedWords(input.content, 'content');
  const base = { msgType: input.msg_type, content: input.content, media: null, postId: null, productId: null };
  switch (input.msg_type) {
    case MSG_TYPE.text:
      if (input.content === '') throw new AppError('CHAT_EMPTY');
      return base;
    case MSG_TYPE.image:
      return { ...base, media: await ownMedia(db, senderId, input.media_src, 'image') };
    case MSG_TYPE.video:
      return { ...base, media: await ownMedia(db, senderId, input.media_src, 'video') };
    case MSG_TYPE.post:
      return { ...base, postId: await livePostId(db, input.post_id) };
    case MSG_TYPE.product:
      return { ...base, productId: await onSaleProductId(db, input.prd_id) };
    default:
      throw new AppError('CHAT_TYPE_UNSUPPORTED');
  }
}

/** The sender's upload `src` names, when it is of `kind`: else CHAT_MEDIA_INVALID (someone else's is no different from none). */
async function ownMedia(db: Db, senderId: number, src: string, kind: 'image' | 'video'): Promise<StoredChatMedia> {
  if (src === '') throw new AppError('CHAT_EMPTY');
  const key = storageKeyOf(src);
  const upload = (await findOwnUploads(db, senderId, [key])).get(key);
  if (upload?.kind !== kind) throw new AppError('CHAT_MEDIA_INVALID');
  return {
    key,
    width: upload.width,
    height: upload.height,
    coverKey: upload.coverKey,
    durationMs: upload.durationMs,
  };
}

async function livePostId(db: Db, postId: number | undefined): Promise<number> {
  if (postId === undefined) throw new AppError('CHAT_EMPTY');
  const post = (await findPostSummaries(db, [postId])).get(postId);
  if (!post?.live) throw new AppError('CHAT_POST_NOT_FOUND');
  return postId;
}

async function onSaleProductId(db: Db, productId: number | undefined): Promise<number> {
  if (productId === undefined) throw new AppError('CHAT_EMPTY');
  const product = (await findProductSummaries(db, [productId])).get(productId);
  if (!product?.onSale) throw new AppError('CHAT_PRODUCT_NOT_FOUND');
  return productId;
}

/** Whether a stored message is the one `content` describes (a retried send with the same client_msg_id). */
export function sameContent(
  stored: {
    msgType: number;
    content: string;
    media: StoredChatMedia | null;
    postId: number | null;
    productId: number | null;
  },
  content: MessageContent,
): boolean {
  return (
    stored.msgType === content.msgType &&
    stored.content === content.content &&
    (stored.media?.key ?? null) === (content.media?.key ?? null) &&
    stored.postId === content.postId &&
    stored.productId === content.productId
  );
}
