import { postPlay, resolveMediaUrl } from '@evcircle/contract/client';
import { useRef } from 'react';
import { preload } from 'react-dom';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { POST_MESSAGES } from './messages.ts';

type PostVideoProps = {
  pid: number;
  src: string;
  /** The cover (first frame), shown until it plays. */
  poster: string;
  imageBase: string;
  fit: 'fill' | 'natural';
  onPlayCounted?: (playnum: number) => void;
};

/**
 * A video post: the browser's own player (a full player comes later), its poster fetched
 * first and the video only when played. The first play of
 * this page view is reported once with post/play (the server counts one per viewer per
 * hour); a failed report never interrupts the video.
 */
export function PostVideo({ pid, src, poster, imageBase, fit, onPlayCounted }: PostVideoProps) {
  const api = useApi();
  const hasReported = useRef(false);
  // The poster is the first screen's largest picture: asked for first, ahead of the app's
  // scripts (which then wait for the paint: lib/scripts-after-paint.server.ts).
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  return (
    <div
      data-testid="post-video"
      className={cn(
        'flex w-full items-center justify-center bg-black',
        fit === 'fill' ? 'h-full' : 'aspect-[3/4] max-h-[75dvh]',
      )}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: user videos come without captions */}
      <video
        key={src}
        src={resolveMediaUrl(src, imageBase)}
        poster={poster || undefined}
        controls
        playsInline
        // Nothing of the video is fetched before it is played: the poster stands for it, and
        // a phone's bandwidth goes to the page.
        preload="none"
        aria-label={POST_MESSAGES.video}
        className="h-full max-h-full w-full object-contain"
        onPlay={() => {
          if (hasReported.current) return;
          hasReported.current = true;
          api.call(postPlay, { pid }).then(
            (result) => onPlayCounted?.(result.playnum),
            () => {
              // Counting is best effort; the video keeps playing.
            },
          );
        }}
      >
        {POST_MESSAGES.videoUnsupported}
      </video>
    </div>
  );
}
