import {
  acceptTeamInvitation,
  type ChatMedia,
  type ChatPostCard,
  type ChatProductCard,
  formatMessage,
  MSG_TYPE,
  rejectTeamInvitation,
  resizedImageUrl,
  resolveMediaUrl,
  type TeamInviteCard,
  type TeamInviteStatus,
} from '@evcircle/contract/client';
import { Flag, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkedText } from '~/features/links/index.ts';
import { VideoPlayer } from '~/features/player/index.ts';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { clockTime, dayLabel } from './chat-time.ts';
import { CHAT_MESSAGES } from './messages.ts';

/** What a bubble shows, for stored and pending messages alike. */
export type BubbleContent = {
  msgType: number;
  content: string;
  media: ChatMedia | null;
  /** A pending image's local preview. */
  previewUrl?: string;
  post: ChatPostCard | null;
  product: ChatProductCard | null;
  postId: number | null;
  prdId: number | null;
  /** A team invitation's card (msg_type 6), and the stored message's id it is answered by. */
  teamInvite?: TeamInviteCard | null;
  messageId?: number | null;
};

type MessageContentProps = {
  message: BubbleContent;
  isOwn: boolean;
  imageBase: string;
  onViewImage: (src: string) => void;
};

/** The largest side of an image or video in a bubble, in CSS pixels. */
const MEDIA_MAX = 220;

function mediaBox(media: { width: number; height: number } | null): { width: number; height: number } {
  if (!media || media.width <= 0 || media.height <= 0) return { width: 180, height: 180 };
  const scale = Math.min(1, MEDIA_MAX / Math.max(media.width, media.height));
  return {
    width: Math.max(80, Math.round(media.width * scale)),
    height: Math.max(60, Math.round(media.height * scale)),
  };
}

/** The inside of one message: text, an image (tap to view large), a video, a post or a product card. */
export function MessageContent({ message, isOwn, imageBase, onViewImage }: MessageContentProps) {
  switch (message.msgType) {
    case MSG_TYPE.text:
      return (
        <p
          data-testid="message-text"
          className={cn(
            'rounded-2xl px-3.5 py-2 text-[15px] leading-relaxed break-words whitespace-pre-wrap',
            isOwn
              ? 'rounded-tr-md bg-primary-600 text-white dark:bg-primary-700'
              : 'rounded-tl-md bg-white text-gray-900 ring-1 ring-gray-900/5 dark:bg-gray-800 dark:text-gray-100 dark:ring-white/5',
          )}
        >
          <LinkedText
            text={message.content}
            linkClassName={isOwn ? 'text-white' : 'text-primary-700 dark:text-primary-400'}
          />
        </p>
      );
    case MSG_TYPE.image:
      return <ImageMessage message={message} imageBase={imageBase} onViewImage={onViewImage} />;
    case MSG_TYPE.video:
      return <VideoMessage media={message.media} imageBase={imageBase} />;
    case MSG_TYPE.post:
      return <PostCard card={message.post} postId={message.postId} imageBase={imageBase} />;
    case MSG_TYPE.product:
      return <ProductCard card={message.product} prdId={message.prdId} imageBase={imageBase} />;
    case MSG_TYPE.team_invite:
      return message.teamInvite ? (
        <TeamInvite
          card={message.teamInvite}
          text={message.content}
          messageId={message.messageId ?? null}
          isOwn={isOwn}
        />
      ) : (
        <p className="rounded-2xl bg-gray-100 px-3.5 py-2 text-sm text-gray-500 dark:bg-gray-800 dark:text-gray-400">
          {CHAT_MESSAGES.unsupported}
        </p>
      );
    default:
      return (
        <p className="rounded-2xl bg-gray-100 px-3.5 py-2 text-sm text-gray-500 dark:bg-gray-800 dark:text-gray-400">
          {CHAT_MESSAGES.unsupported}
        </p>
      );
  }
}

function ImageMessage({
  message,
  imageBase,
  onViewImage,
}: {
  message: BubbleContent;
  imageBase: string;
  onViewImage: (src: string) => void;
}) {
  const [isBroken, setBroken] = useState(false);
  const full = message.previewUrl || resolveMediaUrl(message.media?.src ?? '', imageBase);
  const thumb = message.previewUrl || resizedImageUrl(message.media?.src ?? '', imageBase);
  const box = mediaBox(message.media);
  return (
    <button
      type="button"
      data-testid="message-image"
      aria-label={CHAT_MESSAGES.viewImage}
      disabled={!full}
      onClick={() => onViewImage(full)}
      className="block overflow-hidden rounded-xl bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:bg-gray-800"
      style={box}
    >
      {full && !isBroken ? (
        <img
          src={thumb}
          alt={CHAT_MESSAGES.image}
          width={box.width}
          height={box.height}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      ) : null}
    </button>
  );
}

function VideoMessage({ media, imageBase }: { media: ChatMedia | null; imageBase: string }) {
  const box = mediaBox(media);
  return (
    <div className="overflow-hidden rounded-xl" style={box}>
      <VideoPlayer
        src={resolveMediaUrl(media?.src ?? '', imageBase)}
        poster={media?.cover ? resolveMediaUrl(media.cover, imageBase) : undefined}
        label={CHAT_MESSAGES.video}
        className="size-full rounded-xl"
        data-testid="message-video"
        mediaTestId="message-video-player"
      />
    </div>
  );
}

const CARD =
  'flex w-60 max-w-full gap-3 overflow-hidden rounded-xl bg-white p-2.5 text-left ring-1 ring-gray-900/10 transition-colors dark:bg-gray-800 dark:ring-white/10';

function Cover({ src, imageBase }: { src: string; imageBase: string }) {
  return (
    <span className="size-16 shrink-0 overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-700">
      {src ? (
        <img
          src={resizedImageUrl(src, imageBase)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : null}
    </span>
  );
}

function PostCard({
  card,
  postId,
  imageBase,
}: {
  card: ChatPostCard | null;
  postId: number | null;
  imageBase: string;
}) {
  if (!card?.live) {
    return (
      <p data-testid="message-post" data-live="false" className={cn(CARD, 'text-sm text-gray-500 dark:text-gray-400')}>
        {CHAT_MESSAGES.postGone}
      </p>
    );
  }
  return (
    <Link
      to={`/post/${card.pid || postId}`}
      data-testid="message-post"
      data-live="true"
      className={cn(CARD, 'hover:bg-gray-50 dark:hover:bg-gray-700')}
    >
      <Cover src={card.cover} imageBase={imageBase} />
      <span className="flex min-w-0 flex-1 flex-col justify-between gap-1">
        <span className="line-clamp-2 text-sm leading-snug text-gray-900 dark:text-gray-100">
          {card.excerpt || CHAT_MESSAGES.postCard}
        </span>
        <span className="truncate text-xs text-gray-500 dark:text-gray-400">
          {formatMessage(CHAT_MESSAGES.postBy, { author: card.author })}
        </span>
      </span>
    </Link>
  );
}

function ProductCard({
  card,
  prdId,
  imageBase,
}: {
  card: ChatProductCard | null;
  prdId: number | null;
  imageBase: string;
}) {
  if (!card) {
    return (
      <p
        data-testid="message-product"
        data-on-sale="false"
        className={cn(CARD, 'text-sm text-gray-500 dark:text-gray-400')}
      >
        {CHAT_MESSAGES.productGone}
      </p>
    );
  }
  const body = (
    <>
      <Cover src={card.cover} imageBase={imageBase} />
      <span className="flex min-w-0 flex-1 flex-col justify-between gap-1">
        <span className="line-clamp-2 text-sm leading-snug text-gray-900 dark:text-gray-100">{card.title}</span>
        {card.on_sale ? (
          <span className="text-sm font-semibold text-red-600 tabular-nums dark:text-red-400">¥{card.price}</span>
        ) : (
          <span className="text-xs text-gray-500 dark:text-gray-400">{CHAT_MESSAGES.productGone}</span>
        )}
      </span>
    </>
  );
  return (
    <Link
      to={`/product/${card.pid || prdId}`}
      data-testid="message-product"
      data-on-sale={card.on_sale ? 'true' : 'false'}
      className={cn(CARD, 'hover:bg-gray-50 dark:hover:bg-gray-700', !card.on_sale && 'opacity-75')}
    >
      {body}
    </Link>
  );
}

/**
 * A team invitation: the team (its page a tap away), the inviter's words, until when it
 * runs, and its state. The invitee answers a pending one with 接受 (they join the team) or
 * 拒绝, once; both people then see the answer (the server pushes the changed card).
 */
function TeamInvite({
  card,
  text,
  messageId,
  isOwn,
}: {
  card: TeamInviteCard;
  text: string;
  messageId: number | null;
  isOwn: boolean;
}) {
  const api = useApi();
  const toast = useToast();
  const [answered, setAnswered] = useState<TeamInviteStatus | null>(null);
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const status = answered ?? card.status;
  const canAnswer = !isOwn && status === 'pending' && messageId !== null;

  const answer = async (kind: 'accept' | 'reject') => {
    if (messageId === null || busy) return;
    setBusy(kind);
    try {
      const endpoint = kind === 'accept' ? acceptTeamInvitation : rejectTeamInvitation;
      const result = await api.call(endpoint, { team_id: card.team_id, message_id: messageId });
      setAnswered(result.message.team_invite?.status ?? (kind === 'accept' ? 'accepted' : 'rejected'));
    } catch (error) {
      toast.show(error instanceof Error && error.message ? error.message : CHAT_MESSAGES.inviteFailed, {
        tone: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="message-team-invite" data-status={status} className={cn(CARD, 'flex-col gap-2')}>
      <Link to={`/team/${card.team_id}`} className="flex items-center gap-2.5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <Flag aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-gray-500 dark:text-gray-400">{CHAT_MESSAGES.teamInvite}</span>
          <span className="block truncate text-sm font-medium text-gray-900 hover:underline dark:text-gray-100">
            {card.title}
          </span>
        </span>
      </Link>
      {text ? <p className="text-sm leading-snug text-gray-700 dark:text-gray-200">{text}</p> : null}
      <p className="text-xs text-gray-500 dark:text-gray-400" suppressHydrationWarning>
        {formatMessage(CHAT_MESSAGES.inviteDeadline, {
          time: `${dayLabel(card.expires_at)} ${clockTime(card.expires_at)}`,
        })}
      </p>
      {canAnswer ? (
        <span className="flex gap-2">
          <button
            type="button"
            onClick={() => void answer('reject')}
            disabled={busy !== null}
            data-testid="invite-reject"
            className="inline-flex h-8 flex-1 items-center justify-center gap-1 rounded-full border border-gray-300 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-60 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-700"
          >
            {busy === 'reject' ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : null}
            {CHAT_MESSAGES.inviteReject}
          </button>
          <button
            type="button"
            onClick={() => void answer('accept')}
            disabled={busy !== null}
            data-testid="invite-accept"
            className="inline-flex h-8 flex-1 items-center justify-center gap-1 rounded-full bg-primary-600 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60"
          >
            {busy === 'accept' ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : null}
            {CHAT_MESSAGES.inviteAccept}
          </button>
        </span>
      ) : (
        <p className="flex items-center justify-between gap-2 border-t border-gray-100 pt-2 text-xs dark:border-gray-700">
          <span
            data-testid="invite-status"
            className={cn(
              status === 'accepted' ? 'text-primary-700 dark:text-primary-300' : 'text-gray-500 dark:text-gray-400',
            )}
          >
            {CHAT_MESSAGES.inviteStatus[status]}
          </span>
          <Link
            to={`/team/${card.team_id}`}
            className="font-medium text-primary-700 hover:underline dark:text-primary-300"
          >
            {CHAT_MESSAGES.viewTeam}
          </Link>
        </p>
      )}
    </div>
  );
}
