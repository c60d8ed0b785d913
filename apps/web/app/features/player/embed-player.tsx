import { formatMessage } from '@evcircle/contract/client';
import { useEffect, useRef, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { bilibiliEmbedUrl, type VideoEmbed, youtubeEmbedUrl } from './embeds.ts';
import { PLAYER_MESSAGES } from './messages.ts';
import { createPlayerStateTracker, type MediaStateEvent, type PlayerState } from './player-state.ts';
import {
  parseYoutubeMessage,
  YOUTUBE_STATE,
  youtubeCommand,
  youtubeErrorMessage,
  youtubeListening,
} from './youtube.ts';

/** How often the page says "listening" until the YouTube embed answers (as YouTube's own API does). */
const LISTENING_INTERVAL_MS = 250;

/** YouTube's player states as the media events our state follows. */
const YOUTUBE_EVENTS: Partial<Record<number, MediaStateEvent>> = {
  [YOUTUBE_STATE.playing]: 'playing',
  [YOUTUBE_STATE.paused]: 'pause',
  [YOUTUBE_STATE.ended]: 'ended',
  [YOUTUBE_STATE.buffering]: 'waiting',
};

type EmbedPlayerProps = {
  embed: VideoEmbed;
  label: string;
  className?: string;
  youtubeOrigin: string;
  bilibiliOrigin: string;
  onFirstPlay?: () => void;
  testId: string;
};

/**
 * A video-site video in our player frame: YouTube through its IFrame API's postMessage
 * protocol (its state as data-state, its error codes as our fixed messages), Bilibili
 * through player.bilibili.com's embed page. Both origins are server configuration.
 */
export default function EmbedPlayer({
  embed,
  label,
  className,
  youtubeOrigin,
  bilibiliOrigin,
  onFirstPlay,
  testId,
}: EmbedPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [error, setError] = useState<number | null>(null);
  const firstPlay = useRef(onFirstPlay);
  firstPlay.current = onFirstPlay;
  const site = PLAYER_MESSAGES[embed.site];
  const isYoutube = embed.site === 'youtube';
  const [src] = useState(() =>
    isYoutube
      ? `${youtubeEmbedUrl(youtubeOrigin, embed.id, location.origin)}&autoplay=1`
      : bilibiliEmbedUrl(bilibiliOrigin, embed.id),
  );

  useEffect(() => {
    if (!isYoutube) return;
    let isReady = false;
    let hasPlayed = false;
    const origin = new URL(youtubeOrigin).origin;
    const tracker = createPlayerStateTracker(setState);
    const post = (message: string) => frame.current?.contentWindow?.postMessage(message, origin);
    const listening = setInterval(() => {
      if (!isReady) post(youtubeListening(testId));
    }, LISTENING_INTERVAL_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const message = parseYoutubeMessage(event.data);
      if (!message) return;
      if (message.event === 'onReady' || message.event === 'initialDelivery') {
        if (!isReady) {
          isReady = true;
          setState('stopped');
          post(youtubeCommand('playVideo'));
        }
      } else if (message.event === 'onStateChange' && typeof message.info === 'number') {
        const next = YOUTUBE_EVENTS[message.info];
        if (next) tracker.handle(next);
        if (message.info === YOUTUBE_STATE.playing && !hasPlayed) {
          hasPlayed = true;
          firstPlay.current?.();
        }
      } else if (message.event === 'onError' && typeof message.info === 'number') {
        isReady = true;
        setError(message.info);
        setState('stopped');
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      clearInterval(listening);
      window.removeEventListener('message', onMessage);
      tracker.dispose();
    };
  }, [isYoutube, youtubeOrigin, testId]);

  return (
    <section
      aria-label={formatMessage(PLAYER_MESSAGES.embedTitle, { site })}
      data-testid={testId}
      data-state={isYoutube ? state : 'stopped'}
      data-embed={embed.site}
      className={cn('relative overflow-hidden bg-black', className)}
    >
      <iframe
        ref={frame}
        src={src}
        title={`${label} – ${formatMessage(PLAYER_MESSAGES.embedTitle, { site })}`}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        className="absolute inset-0 size-full border-0"
      />
      {error !== null ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/85 px-6 text-center text-white">
          <p role="alert" data-testid="video-embed-error" className="text-sm">
            {youtubeErrorMessage(error)}
          </p>
          <a
            href={embed.url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-full bg-white/15 px-4 py-1.5 text-sm ring-1 ring-white/30 hover:bg-white/25"
          >
            {formatMessage(PLAYER_MESSAGES.openOnSite, { site })}
          </a>
        </div>
      ) : null}
    </section>
  );
}
