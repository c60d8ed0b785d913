import type { ImgHTMLAttributes } from 'react';
import { cn } from './cn.ts';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height'> & {
  src: string;
  /** Intrinsic size, so the box is reserved before the file arrives (no layout shift). */
  width: number;
  height: number;
  /** Load now (first screen) rather than when scrolled near. */
  isPriority?: boolean;
};

/** An image whose box keeps its aspect ratio while loading, on a neutral background. */
export function Image({ src, width, height, isPriority = false, className, alt = '', style, ...props }: ImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      className={cn('block h-auto w-full bg-gray-100 object-cover dark:bg-gray-800', className)}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      {...props}
    />
  );
}
