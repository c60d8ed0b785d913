import { formatMessage } from '@evcircle/contract/client';
import 'media-chrome/lang/zh-CN';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaVolumeRange,
} from 'media-chrome/react';
import {
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaPlaybackRateMenuButton,
  MediaRenditionMenu,
  MediaRenditionMenuButton,
} from 'media-chrome/react/menu';
import { setLanguage } from 'media-chrome/utils/i18n';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import {
  AD_SAFETY_TIMEOUT_MS,
  CONTROLS_HIDE_SECONDS,
  CONTROLS_HIDE_TOUCH_SECONDS,
  DOUBLE_TAP_MS,
  PLAYBACK_RATES,
  PROGRESS_MAX,
  PROGRESS_MIN,
  PROGRESS_STEP,
  SEEK_STEP_SECONDS,
  STALL_DELAY_MS,
  VOLUME_STEP,
} from './constants.ts';
import { PLAYER_MESSAGES } from './messages.ts';
import { createPlayerStateTracker, MEDIA_STATE_EVENTS, type PlayerState } from './player-state.ts';
import { nearestQualityIndex, renditionQuality } from './quality.ts';
import { clampSeek, formatTime, progressOf, tapSide, timeOfProgress } from './seek.ts';
import type { VideoPlayerProps } from './video-player.tsx';

setLanguage('zh-CN');

/** hls-video-element (and hls.js with it): loaded only for a video with an HLS ladder. */
const HlsVideo = lazy(() => import('hls-video-element/react')) as unknown as ComponentType<
  React.VideoHTMLAttributes<HTMLVideoElement> & { ref?: React.Ref<HTMLVideoElement>; slot?: string }
>;
/** The VAST pre-roll: loaded only when an operator configured an ad tag. */
const AdBreak = lazy(() => import('./ad-break.tsx'));

/** Media with the renditions media-tracks adds (hls-video-element). */
type RenditionList = ArrayLike<{ width?: number; height?: number }> & EventTarget & { selectedIndex: number };
type WithRenditions = HTMLVideoElement & {
  videoRenditions?: RenditionList;
  api?: { on: (event: string, listener: (event: string, data: { fatal?: boolean }) => void) => void } | null;
};

type PlayerCoreProps = VideoPlayerProps & { adTagUrl: string | null; testId: string };

function isTouchDevice(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/** Whether a URL is on another origin than the page (captions from there need CORS). */
function isCrossOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}

/**
 * The player (media-chrome): the original file or the HLS ladder, the controls of SPEC.md §9
 * and its states as data-state. Rendered only in the browser, once the viewer pressed play.
 */
export default function PlayerCore({
  src,
  hls = '',
  captions = '',
  poster,
  label,
  className,
  fit = 'contain',
  onFirstPlay,
  adTagUrl,
  testId,
  mediaTestId,
}: PlayerCoreProps) {
  const [media, setMedia] = useState<WithRenditions | null>(null);
  const [state, setState] = useState<PlayerState>('stopped');
  const [useHls, setUseHls] = useState(hls !== '');
  const [failed, setFailed] = useState(false);
  const [adPhase, setAdPhase] = useState<'playing' | 'done'>(adTagUrl ? 'playing' : 'done');
  const [isTouch] = useState(isTouchDevice);
  const [progress, setProgress] = useState(0);
  const [times, setTimes] = useState({ current: 0, duration: 0 });
  const hasPlayed = useRef(false);
  const adStarted = useRef(false);
  const lastTap = useRef({ at: 0, side: 0 as -1 | 0 | 1 });
  const firstPlay = useRef(onFirstPlay);
  firstPlay.current = onFirstPlay;

  const mediaRef = useCallback((element: HTMLVideoElement | null) => setMedia(element as WithRenditions | null), []);

  // The state, the progress slider and the first play.
  useEffect(() => {
    if (!media) return;
    const tracker = createPlayerStateTracker(setState);
    const listeners = MEDIA_STATE_EVENTS.map((name) => {
      const listener = () => tracker.handle(name);
      media.addEventListener(name, listener);
      return [name, listener] as const;
    });
    const onTime = () => {
      setProgress(progressOf(media.currentTime, media.duration));
      setTimes({ current: media.currentTime, duration: Number.isFinite(media.duration) ? media.duration : 0 });
    };
    const onPlay = () => {
      setFailed(false);
      if (hasPlayed.current) return;
      hasPlayed.current = true;
      firstPlay.current?.();
    };
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('durationchange', onTime);
    media.addEventListener('seeked', onTime);
    media.addEventListener('play', onPlay);
    return () => {
      for (const [name, listener] of listeners) media.removeEventListener(name, listener);
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('durationchange', onTime);
      media.removeEventListener('seeked', onTime);
      media.removeEventListener('play', onPlay);
      tracker.dispose();
    };
  }, [media]);

  // A failed ladder gives way to the original file; a failed original shows a message.
  useEffect(() => {
    if (!media) return;
    const fail = () => {
      if (useHls) setUseHls(false);
      else setFailed(true);
    };
    media.addEventListener('error', fail);
    // hls.js reports its fatal errors (a missing playlist) on its own API, created a tick after the source.
    const timer = setTimeout(() => {
      media.api?.on('hlsError', (_event, data) => {
        if (data.fatal) fail();
      });
    }, 0);
    return () => {
      media.removeEventListener('error', fail);
      clearTimeout(timer);
    };
  }, [media, useHls]);

  // The quality first chosen: the rendition nearest 576 (the viewer may pick another, or 自动).
  useEffect(() => {
    const renditions = media?.videoRenditions;
    if (!renditions) return;
    let chosen = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const choose = () => {
      if (chosen) return;
      clearTimeout(timer);
      // The renditions of one manifest arrive together: choose once they are all there.
      timer = setTimeout(() => {
        const heights = Array.from(renditions, renditionQuality);
        const index = nearestQualityIndex(heights);
        if (index === -1) return;
        chosen = true;
        renditions.selectedIndex = index;
      }, 0);
    };
    renditions.addEventListener('addrendition', choose);
    if (renditions.length > 0) choose();
    return () => {
      renditions.removeEventListener('addrendition', choose);
      clearTimeout(timer);
    };
  }, [media]);

  // The ad's safety timer: an ad that has not started within 12 s gives way to the video.
  useEffect(() => {
    if (adPhase !== 'playing') return;
    const timer = setTimeout(() => {
      if (!adStarted.current) setAdPhase('done');
    }, AD_SAFETY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [adPhase]);

  // Play once the code is here (the viewer pressed play) and any ad is over.
  useEffect(() => {
    if (!media || adPhase !== 'done') return;
    media.play().catch(() => {
      // Refused (autoplay rules) or interrupted: the play button is there.
    });
  }, [media, adPhase]);

  const seekBy = (delta: number) => {
    if (!media) return;
    media.currentTime = clampSeek(media.currentTime, delta, media.duration);
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch' || event.target !== media) return;
    const box = event.currentTarget.getBoundingClientRect();
    const side = tapSide(event.clientX - box.left, box.width);
    const now = event.timeStamp;
    if (side !== 0 && lastTap.current.side === side && now - lastTap.current.at < DOUBLE_TAP_MS) {
      seekBy(side * SEEK_STEP_SECONDS);
      lastTap.current = { at: 0, side: 0 };
      return;
    }
    lastTap.current = { at: now, side };
  };

  const mediaProps = {
    ref: mediaRef,
    slot: 'media',
    poster: poster || undefined,
    playsInline: true,
    preload: 'none' as const,
    crossOrigin: captions && isCrossOrigin(captions) ? ('anonymous' as const) : undefined,
    'aria-label': label,
    'data-testid': mediaTestId,
    className: fit === 'cover' ? 'object-cover' : 'object-contain',
  };
  const track = captions ? (
    <track kind="subtitles" src={captions} srcLang="zh" label={PLAYER_MESSAGES.captionsTrack} />
  ) : null;

  return (
    <section
      aria-label={label}
      data-testid={testId}
      data-state={adPhase === 'playing' ? 'loading' : state}
      data-source={useHls ? 'hls' : 'file'}
      onPointerUp={onPointerUp}
      className={cn('relative overflow-hidden bg-black', className)}
    >
      <MediaController
        autohide={String(isTouch ? CONTROLS_HIDE_TOUCH_SECONDS : CONTROLS_HIDE_SECONDS)}
        lang="zh-CN"
        className="size-full"
        // One band behind the whole bar (media-chrome paints each control's own by default).
        style={{ '--media-control-background': 'transparent' } as React.CSSProperties}
        {...{
          keyboardforwardseekoffset: SEEK_STEP_SECONDS,
          keyboardbackwardseekoffset: SEEK_STEP_SECONDS,
          keyboardupvolumestep: VOLUME_STEP,
          keyboarddownvolumestep: VOLUME_STEP,
        }}
      >
        {useHls ? (
          <Suspense fallback={null}>
            <HlsVideo key={hls} src={hls} {...mediaProps}>
              {track}
            </HlsVideo>
          </Suspense>
        ) : (
          <video key={src} src={src} {...mediaProps}>
            {track}
            {PLAYER_MESSAGES.failed}
          </video>
        )}
        <MediaLoadingIndicator slot="centered-chrome" noAutohide loadingDelay={STALL_DELAY_MS} />
        <MediaPlaybackRateMenu hidden anchor="auto" rates={PLAYBACK_RATES} />
        <MediaRenditionMenu hidden anchor="auto" />
        {captions ? <MediaCaptionsMenu hidden anchor="auto" /> : null}
        <div className="flex w-full items-center gap-2 self-stretch bg-black/40 px-3 pt-1">
          <input
            type="range"
            min={PROGRESS_MIN}
            max={PROGRESS_MAX}
            step={PROGRESS_STEP}
            value={progress}
            aria-label={PLAYER_MESSAGES.progress}
            aria-valuetext={formatMessage(PLAYER_MESSAGES.progressText, {
              current: formatTime(times.current),
              duration: formatTime(times.duration),
            })}
            data-testid="video-progress"
            onChange={(event) => {
              if (!media || !(media.duration > 0)) return;
              const value = Number(event.currentTarget.value);
              setProgress(value);
              media.currentTime = timeOfProgress(value, media.duration);
            }}
            onKeyDown={(event) => {
              // Arrows jump 10 s (not the slider's 0.01 step), without media-chrome also doing it.
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              event.preventDefault();
              event.stopPropagation();
              seekBy(event.key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS);
            }}
            className="h-1 w-full cursor-pointer accent-primary-500"
          />
        </div>
        <MediaControlBar className="w-full self-stretch bg-black/40">
          <MediaPlayButton />
          {isTouch ? null : (
            <>
              <MediaSeekBackwardButton
                seekOffset={SEEK_STEP_SECONDS}
                aria-label={formatMessage(PLAYER_MESSAGES.seekBack, { seconds: SEEK_STEP_SECONDS })}
              />
              <MediaSeekForwardButton
                seekOffset={SEEK_STEP_SECONDS}
                aria-label={formatMessage(PLAYER_MESSAGES.seekForward, { seconds: SEEK_STEP_SECONDS })}
              />
              <MediaMuteButton />
              <MediaVolumeRange />
            </>
          )}
          <MediaTimeDisplay showDuration className="text-xs" />
          <span className="grow" />
          {captions ? <MediaCaptionsMenuButton data-testid="video-captions" /> : null}
          <MediaPlaybackRateMenuButton data-testid="video-speed" />
          <MediaRenditionMenuButton data-testid="video-quality" />
          <MediaPipButton data-testid="video-pip" />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>
      {adPhase === 'playing' && adTagUrl ? (
        <Suspense fallback={null}>
          <AdBreak
            adTagUrl={adTagUrl}
            onStarted={() => {
              adStarted.current = true;
            }}
            onDone={() => setAdPhase('done')}
          />
        </Suspense>
      ) : null}
      {failed ? (
        <p role="alert" className="absolute inset-x-0 top-1/3 px-6 text-center text-sm text-white">
          {PLAYER_MESSAGES.failed}
        </p>
      ) : null}
    </section>
  );
}
