import { formatMessage, type Image, imageSrcSet, resolveMediaUrl } from '@evcircle/contract/client';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { usePinchZoom } from '~/lib/use-pinch-zoom.ts';
import { cn } from './cn.ts';

/** Wording of the carousel (zh-CN); here, so it loads with the pages that show one. */
const CAROUSEL_MESSAGES = {
  imageOf: '第 {n} 张，共 {total} 张',
  previousImage: '上一张',
  nextImage: '下一张',
  goToImage: '查看第 {n} 张',
} as const;

type ImageCarouselProps = {
  images: readonly Image[];
  imageBase: string;
  /** Fill the parent's height (desktop, media left) or take the first image's shape (phones). */
  fit: 'fill' | 'natural';
  /** Alt text of the images (the post's or product's title). */
  alt: string;
  /** Name of the carousel for screen readers (帖子图片, 商品图片). */
  label: string;
  /** The `sizes` of the images: how wide the carousel is shown. */
  sizes: string;
  /** A row of thumbnails under it (the product page on desktop). */
  hasThumbnails?: boolean;
  'data-testid': string;
};

/** The box of the phone carousel: the first image's shape, between 4:3 landscape and 3:4 portrait. */
function naturalRatio(images: readonly Image[]): number {
  const first = images[0];
  if (!first || first.width <= 0 || first.height <= 0) return 1;
  return Math.min(4 / 3, Math.max(3 / 4, first.height / first.width));
}

/**
 * A post's or product's images: swiped natively (CSS scroll snap, so it works before scripts load),
 * arrows on desktop, dots and an n/total counter; on phones each image pinches to zoom.
 * The element carries data-carousel and data-zoomed, which the modal reads to tell an image
 * swipe from a swipe to the next post.
 */
export function ImageCarousel({
  images,
  imageBase,
  fit,
  alt,
  label,
  sizes,
  hasThumbnails = false,
  'data-testid': testId,
}: ImageCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [isZoomed, setZoomed] = useState(false);
  const total = images.length;

  const onScroll = useCallback(() => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.min(total - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  }, [total]);

  const goTo = useCallback((next: number) => {
    const el = track.current;
    if (!el) return;
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
  }, []);

  const carousel = (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      className={cn('group relative w-full overflow-hidden bg-gray-100 dark:bg-gray-950', fit === 'fill' && 'h-full')}
      style={fit === 'natural' ? { aspectRatio: `1 / ${naturalRatio(images)}` } : undefined}
    >
      <div
        ref={track}
        data-carousel=""
        data-zoomed={isZoomed ? 'true' : 'false'}
        onScroll={onScroll}
        className={cn(
          'flex h-full w-full snap-x snap-mandatory [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          isZoomed ? 'overflow-hidden' : 'overflow-x-auto overscroll-x-contain',
        )}
      >
        {images.map((image, i) => (
          <Slide
            // A post's images never reorder, and the same file may appear twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={`${i}-${image.src}`}
            image={image}
            imageBase={imageBase}
            alt={total > 1 ? `${alt}（${formatMessage(CAROUSEL_MESSAGES.imageOf, { n: i + 1, total })}）` : alt}
            isFirst={i === 0}
            sizes={sizes}
            label={formatMessage(CAROUSEL_MESSAGES.imageOf, { n: i + 1, total })}
            onZoomChange={setZoomed}
          />
        ))}
      </div>

      {total > 1 ? (
        <>
          <span
            data-testid="carousel-counter"
            className="absolute top-3 right-3 rounded-full bg-black/50 px-2 py-0.5 text-xs text-white tabular-nums"
          >
            {index + 1}/{total}
          </span>
          <button
            type="button"
            aria-label={CAROUSEL_MESSAGES.previousImage}
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
            className="absolute top-1/2 left-3 hidden -translate-y-1/2 rounded-full bg-white/85 p-1.5 text-gray-800 shadow transition-opacity group-hover:opacity-100 disabled:invisible md:block md:opacity-0 dark:bg-gray-900/85 dark:text-gray-100"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label={CAROUSEL_MESSAGES.nextImage}
            disabled={index === total - 1}
            onClick={() => goTo(index + 1)}
            data-testid="carousel-next"
            className="absolute top-1/2 right-3 hidden -translate-y-1/2 rounded-full bg-white/85 p-1.5 text-gray-800 shadow transition-opacity group-hover:opacity-100 disabled:invisible md:block md:opacity-0 dark:bg-gray-900/85 dark:text-gray-100"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-black/30 px-2 py-1.5">
            {images.map((image, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per image, in their fixed order
                key={`${i}-${image.src}`}
                type="button"
                aria-label={formatMessage(CAROUSEL_MESSAGES.goToImage, { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
                className={cn(
                  'size-1.5 rounded-full shadow-sm transition-all',
                  i === index ? 'w-4 bg-white' : 'bg-white/55 hover:bg-white/80',
                )}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
  if (!hasThumbnails || total < 2) return carousel;
  return (
    <div className="flex flex-col gap-3">
      {carousel}
      <div className="flex gap-2 overflow-x-auto p-1" data-testid={`${testId}-thumbnails`}>
        {images.map((image, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one thumbnail per image, in their fixed order
            key={`${i}-${image.src}`}
            type="button"
            aria-label={formatMessage(CAROUSEL_MESSAGES.goToImage, { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => goTo(i)}
            className={cn(
              'size-16 shrink-0 overflow-hidden rounded-lg bg-gray-100 ring-2 transition dark:bg-gray-800',
              i === index ? 'ring-primary-500' : 'ring-transparent opacity-70 hover:opacity-100',
            )}
          >
            <img
              src={resolveMediaUrl(image.src, imageBase)}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          </button>
        ))}
      </div>
    </div>
  );
}

type SlideProps = {
  image: Image;
  imageBase: string;
  alt: string;
  sizes: string;
  label: string;
  isFirst: boolean;
  onZoomChange: (isZoomed: boolean) => void;
};

function Slide({ image, imageBase, alt, sizes, label, isFirst, onZoomChange }: SlideProps) {
  const box = useRef<HTMLDivElement>(null);
  usePinchZoom(box, onZoomChange);
  const width = image.width > 0 ? image.width : undefined;
  const height = image.height > 0 ? image.height : undefined;
  return (
    // A slide of the carousel pattern (WAI-ARIA APG): a group with the slide role description.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls, not an image slide
    <div
      ref={box}
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      className="relative flex h-full w-full shrink-0 snap-center snap-always items-center justify-center overflow-hidden"
    >
      <img
        src={resolveMediaUrl(image.src, imageBase)}
        srcSet={imageSrcSet(image.src, imageBase) || undefined}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        decoding="async"
        draggable={false}
        className="h-full w-full object-contain select-none"
      />
    </div>
  );
}
