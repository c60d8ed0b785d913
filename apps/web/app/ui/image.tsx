import { type ImgHTMLAttributes, useCallback, useState } from 'react';
import { cn } from './cn.ts';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height'> & {
  src: string;
  /** Intrinsic size, so the box is reserved before the file arrives (no layout shift). */
  width: number;
  height: number;
  /** Load now (first screen) rather than when scrolled near. */
  isPriority?: boolean;
};

/**
 * An image whose box keeps its aspect ratio while loading, on a neutral background. A
 * file that cannot be shown (a video cover on a server without ffmpeg, a removed file)
 * leaves that neutral box, never the browser's broken-image sign.
 */
export function Image({ src, width, height, isPriority = false, className, alt = '', style, ...props }: ImageProps) {
  const [isBroken, setBroken] = useState(false);
  // A server-rendered image may fail before React is there to hear its error event.
  const checkLoaded = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc) setBroken(true);
  }, []);
  const box = { aspectRatio: `${width} / ${height}`, ...style };
  const neutral = 'block h-auto w-full bg-gray-100 dark:bg-gray-800';
  if (isBroken) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <div {...label} data-testid="image-missing" className={cn(neutral, className)} style={box} />;
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
      className={cn(neutral, 'object-cover', className)}
      style={box}
      {...props}
    />
  );
}
