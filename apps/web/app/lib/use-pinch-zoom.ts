import { type RefObject, useEffect, useRef } from 'react';

/**
 * Pinch to zoom (1–4×), drag to pan while zoomed, double tap to zoom in or back out, on
 * `target` (its first child is transformed); `onZoomChange` hears when it leaves or
 * returns to 1× (the carousel stops swiping while an image is zoomed). The gestures'
 * code (pinch-zoom.ts) loads once the image is on screen, not with the page: until then
 * the browser's own pinch zoom works as on any page.
 */
export function usePinchZoom(target: RefObject<HTMLElement | null>, onZoomChange: (isZoomed: boolean) => void) {
  const notify = useRef(onZoomChange);
  useEffect(() => {
    notify.current = onZoomChange;
  });

  useEffect(() => {
    const box = target.current;
    const content = box?.firstElementChild as HTMLElement | null | undefined;
    if (!box || !content) return;
    let detach: (() => void) | null = null;
    let isGone = false;
    import('./pinch-zoom.ts').then(
      ({ attachPinchZoom }) => {
        if (!isGone) detach = attachPinchZoom(box, content, (isZoomed) => notify.current(isZoomed));
      },
      () => {
        // Not fetched (offline): the image keeps the browser's own zoom.
      },
    );
    return () => {
      isGone = true;
      detach?.();
    };
  }, [target]);
}
