import {
  type ChatMedia,
  type ChatPostCard,
  type ChatProductCard,
  formatMessage,
  MSG_TYPE,
  resizedImageUrl,
  resolveMediaUrl,
} from '@evcircle/contract/client';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '~/ui/cn.ts';
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
          {message.content}
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
  const [isPlaying, setPlaying] = useState(false);
  const box = mediaBox(media);
  const src = resolveMediaUrl(media?.src ?? '', imageBase);
  const poster = media?.cover ? resolveMediaUrl(media.cover, imageBase) : undefined;
  if (!isPlaying) {
    return (
      <button
        type="button"
        data-testid="message-video"
        aria-label={CHAT_MESSAGES.video}
        onClick={() => setPlaying(true)}
        className="relative block overflow-hidden rounded-xl bg-gray-900"
        style={box}
      >
        {poster ? (
          <img
            src={poster}
            alt=""
            width={box.width}
            height={box.height}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white">
            <Play aria-hidden="true" className="ml-0.5 size-5 fill-current" />
          </span>
        </span>
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: user videos come without captions
    <video
      data-testid="message-video-player"
      src={src}
      poster={poster}
      controls
      autoPlay
      playsInline
      preload="none"
      className="block rounded-xl bg-black"
      style={box}
    >
      {CHAT_MESSAGES.videoUnsupported}
    </video>
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
