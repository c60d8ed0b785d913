import { postPlay, resolveMediaUrl } from '@evcircle/contract/client';
import { useCallback, useRef } from 'react';
import { preload } from 'react-dom';
import { LazyVideoPlayer } from '~/features/player/index.ts';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { POST_MESSAGES } from './messages.ts';

type PostVideoProps = {
  pid: number;
  /** The original file (viosrc). */
  src: string;
  /** The HLS master playlist (viohls), '' until the ladder is ready. */
  hls?: string;
  /** The WebVTT captions (viocaption), or ''. */
  captions?: string;
  /** The cover (first frame), shown until it plays. */
  poster: string;
  imageBase: string;
  fit: 'fill' | 'natural';
  onPlayCounted?: (playnum: number) => void;
};

/**
 * A video post in the app's player: the server renders its poster and play button in the
 * final box, the player loads on first play (HLS when the ladder is ready, else the
 * original). The first play of this page view is reported once with post/play (the
 * server counts one per viewer per hour); a failed report never interrupts the video.
 */
export function PostVideo({
  pid,
  src,
  hls = '',
  captions = '',
  poster,
  imageBase,
  fit,
  onPlayCounted,
}: PostVideoProps) {
  const api = useApi();
  const hasReported = useRef(false);
  const counted = useRef(onPlayCounted);
  counted.current = onPlayCounted;
  // The poster is the first screen's largest picture: asked for first, ahead of the app's
  // scripts (which then wait for the paint: lib/scripts-after-paint.server.ts).
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  const onFirstPlay = useCallback(() => {
    if (hasReported.current) return;
    hasReported.current = true;
    api.call(postPlay, { pid }).then(
      (result) => counted.current?.(result.playnum),
      () => {
        // Counting is best effort; the video keeps playing.
      },
    );
  }, [api, pid]);
  return (
    <div
      data-testid="post-video"
      className={cn(
        'flex w-full items-center justify-center bg-black',
        fit === 'fill' ? 'h-full' : 'aspect-[3/4] max-h-[75dvh]',
      )}
    >
      <LazyVideoPlayer
        src={resolveMediaUrl(src, imageBase)}
        hls={resolveMediaUrl(hls, imageBase)}
        captions={resolveMediaUrl(captions, imageBase)}
        poster={poster || undefined}
        label={POST_MESSAGES.video}
        className="size-full"
        onFirstPlay={onFirstPlay}
      />
    </div>
  );
}
