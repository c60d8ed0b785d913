import { formatMessage } from '@evcircle/contract/client';
import { Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useRootData } from '~/lib/root-data.ts';
import { cn } from '~/ui/cn.ts';
import type { VideoEmbed } from './embeds.ts';
import { PLAYER_COVER_MESSAGES } from './messages.ts';

/** The player itself (media-chrome, and hls.js when the video has a ladder): loaded on first play. */
const PlayerCore = lazy(() => import('./player-core.tsx'));
/** A video site's own player in a frame (YouTube's IFrame API, Bilibili): loaded on first play. */
const EmbedPlayer = lazy(() => import('./embed-player.tsx'));

export type VideoPlayerProps = {
  /** The original file's URL (resolved), played when there is no HLS ladder or it fails. */
  src: string;
  /** The HLS master playlist's URL (resolved), '' until the ladder is ready. */
  hls?: string;
  /** A WebVTT captions URL (resolved), or ''. */
  captions?: string;
  /** The cover (resolved), shown until it plays. */
  poster?: string;
  /** A video on a video site, played in its own player instead of src. */
  embed?: VideoEmbed | null;
  /** What the video is, for screen readers (e.g. 帖子视频). */
  label: string;
  /** The box: its size is the caller's (the same before and after the player loads). */
  className?: string;
  /** How the picture fits the box. */
  fit?: 'contain' | 'cover';
  /** Called once, when the video first plays (the post's play count). */
  onFirstPlay?: () => void;
  'data-testid'?: string;
  /** A test id for the <video> element itself. */
  mediaTestId?: string;
};

/**
 * The one video player of the app (posts, the post modal, chat, AI results). The server
 * renders only the poster and a play button in the final box; the player's code (and
 * hls.js, and the ad code when an ad tag is configured) loads when it is first played,
 * so pages keep their first-load JavaScript. data-state tells the player's state
 * (stopped until played).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { poster, label, className, fit = 'contain', embed } = props;
  const [isActive, setActive] = useState(false);
  const video = useRootData()?.publicConfig.video;
  const testId = props['data-testid'] ?? 'video-player';
  const siteName = embed ? PLAYER_COVER_MESSAGES[embed.site] : '';
  // The same cover stands for the player before play and while its code loads.
  const cover = {
    src: embed ? '' : props.src,
    poster,
    fit,
    className,
    testId,
    mediaTestId: props.mediaTestId,
    label,
  };

  if (isActive) {
    return (
      <Suspense fallback={<Cover {...cover} isLoading />}>
        {embed ? (
          <EmbedPlayer
            embed={embed}
            label={label}
            className={className}
            youtubeOrigin={video?.youtubeOrigin ?? 'https://www.youtube-nocookie.com'}
            bilibiliOrigin={video?.bilibiliOrigin ?? 'https://player.bilibili.com'}
            onFirstPlay={props.onFirstPlay}
            testId={testId}
          />
        ) : (
          <PlayerCore {...props} fit={fit} adTagUrl={video?.adTagUrl ?? null} testId={testId} />
        )}
      </Suspense>
    );
  }
  return (
    <Cover {...cover}>
      <button
        type="button"
        onClick={() => setActive(true)}
        aria-label={formatMessage(PLAYER_COVER_MESSAGES.playNamed, {
          label: siteName ? `${siteName} ${label}` : label,
        })}
        data-testid="video-player-start"
        className="group absolute inset-0 flex items-center justify-center focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-400"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 backdrop-blur-sm transition-transform group-hover:scale-105">
          <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
        </span>
        {siteName ? (
          <span className="absolute bottom-3 left-3 rounded bg-black/60 px-2 py-0.5 text-white text-xs">
            {siteName}
          </span>
        ) : null}
      </button>
    </Cover>
  );
}

type CoverProps = {
  src: string;
  poster?: string;
  mediaTestId?: string;
  fit: 'contain' | 'cover';
  className?: string;
  testId: string;
  label: string;
  isLoading?: boolean;
  children?: React.ReactNode;
};

/** The poster in the player's box, with the play button (or a spinner while the player loads). */
function Cover({ src, poster, mediaTestId, fit, className, testId, label, isLoading = false, children }: CoverProps) {
  return (
    <section
      aria-label={label}
      aria-busy={isLoading || undefined}
      data-testid={testId}
      data-state={isLoading ? 'loading' : 'stopped'}
      className={cn('relative overflow-hidden bg-black', className)}
    >
      {src || poster ? (
        // The video element itself, nothing of it fetched (preload none): it draws the poster
        // in the final box, and the player replaces it on play.
        // biome-ignore lint/a11y/useMediaCaption: not played here; the player adds the captions
        <video
          src={src || undefined}
          poster={poster || undefined}
          preload="none"
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          data-testid={mediaTestId}
          className={cn('absolute inset-0 size-full', fit === 'cover' ? 'object-cover' : 'object-contain')}
        />
      ) : null}
      {isLoading ? (
        <span className="absolute inset-0 flex items-center justify-center text-white">
          <span
            aria-hidden="true"
            className="size-10 animate-spin rounded-full border-4 border-white/30 border-t-white"
          />
          <span className="sr-only">{PLAYER_COVER_MESSAGES.loading}</span>
        </span>
      ) : null}
      {children}
    </section>
  );
}
