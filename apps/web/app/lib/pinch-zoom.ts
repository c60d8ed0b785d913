// The gestures of usePinchZoom (use-pinch-zoom.ts), loaded when an image to zoom is shown.
const MAX_SCALE = 4;
/** Scale a double tap zooms to. */
const DOUBLE_TAP_SCALE = 2.5;
const DOUBLE_TAP_MS = 300;

type Transform = { scale: number; x: number; y: number };

function distance(a: Touch, b: Touch): number {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/**
 * Pinch to zoom (1–4×), drag to pan while zoomed, double tap to zoom in or back out, on
 * `box`, transforming `content`. Touch events, because pointer events cannot hold off the
 * browser's own scrolling once a pan has begun. The transform is written to the DOM
 * directly (no re-render per frame); `onZoomChange` hears when it leaves or returns to
 * 1×. Answers the function that takes it all off again.
 */
export function attachPinchZoom(
  box: HTMLElement,
  content: HTMLElement,
  onZoomChange: (isZoomed: boolean) => void,
): () => void {
  let current: Transform = { scale: 1, x: 0, y: 0 };
  let gesture:
    | { kind: 'pinch'; start: Transform; distance: number; midX: number; midY: number }
    | { kind: 'pan'; start: Transform; x: number; y: number }
    | null = null;
  let lastTap = { time: 0, x: 0, y: 0 };
  let hasMoved = false;

  const apply = (next: Transform, animate = false) => {
    const wasZoomed = current.scale > 1;
    // Keep the image covering its box: never pan past an edge.
    const width = box.clientWidth;
    const height = box.clientHeight;
    const scale = Math.min(MAX_SCALE, Math.max(1, next.scale));
    const x = Math.min(0, Math.max(width - width * scale, next.x));
    const y = Math.min(0, Math.max(height - height * scale, next.y));
    current = { scale, x, y };
    content.style.transition = animate ? 'transform 200ms ease-out' : '';
    content.style.transformOrigin = '0 0';
    content.style.transform = scale === 1 ? '' : `translate(${x}px, ${y}px) scale(${scale})`;
    box.style.touchAction = scale > 1 ? 'none' : 'pan-x pan-y';
    if (wasZoomed !== scale > 1) onZoomChange(scale > 1);
  };

  /** Zooms to `scale` keeping the point under (clientX, clientY) still. */
  const zoomAround = (scale: number, clientX: number, clientY: number, from: Transform, animate: boolean) => {
    const rect = box.getBoundingClientRect();
    const px = (clientX - rect.left - from.x) / from.scale;
    const py = (clientY - rect.top - from.y) / from.scale;
    apply({ scale, x: clientX - rect.left - scale * px, y: clientY - rect.top - scale * py }, animate);
  };

  const onStart = (event: TouchEvent) => {
    hasMoved = false;
    const [a, b] = [event.touches[0], event.touches[1]];
    if (a && b) {
      const rect = box.getBoundingClientRect();
      gesture = {
        kind: 'pinch',
        start: current,
        distance: distance(a, b) || 1,
        midX: (a.clientX + b.clientX) / 2 - rect.left,
        midY: (a.clientY + b.clientY) / 2 - rect.top,
      };
    } else if (a && current.scale > 1) {
      gesture = { kind: 'pan', start: current, x: a.clientX, y: a.clientY };
    } else {
      gesture = null;
    }
  };

  const onMove = (event: TouchEvent) => {
    hasMoved = true;
    if (!gesture) return;
    const [a, b] = [event.touches[0], event.touches[1]];
    if (gesture.kind === 'pinch' && a && b) {
      if (event.cancelable) event.preventDefault();
      const rect = box.getBoundingClientRect();
      const scale = gesture.start.scale * (distance(a, b) / gesture.distance);
      // The content point first under the fingers' midpoint follows the midpoint.
      const px = (gesture.midX - gesture.start.x) / gesture.start.scale;
      const py = (gesture.midY - gesture.start.y) / gesture.start.scale;
      const midX = (a.clientX + b.clientX) / 2 - rect.left;
      const midY = (a.clientY + b.clientY) / 2 - rect.top;
      apply({ scale, x: midX - scale * px, y: midY - scale * py });
    } else if (gesture.kind === 'pan' && a) {
      if (event.cancelable) event.preventDefault();
      apply({
        ...gesture.start,
        x: gesture.start.x + a.clientX - gesture.x,
        y: gesture.start.y + a.clientY - gesture.y,
      });
    }
  };

  const onEnd = (event: TouchEvent) => {
    if (event.touches.length > 0) {
      // One finger of a pinch lifted: carry on as a pan from here.
      const a = event.touches[0];
      gesture = a && current.scale > 1 ? { kind: 'pan', start: current, x: a.clientX, y: a.clientY } : null;
      return;
    }
    gesture = null;
    if (current.scale < 1.05) apply({ scale: 1, x: 0, y: 0 }, true);
    const touch = event.changedTouches[0];
    if (!touch || hasMoved || event.changedTouches.length > 1) return;
    const now = Date.now();
    const isDouble =
      now - lastTap.time < DOUBLE_TAP_MS && Math.hypot(touch.clientX - lastTap.x, touch.clientY - lastTap.y) < 30;
    lastTap = isDouble ? { time: 0, x: 0, y: 0 } : { time: now, x: touch.clientX, y: touch.clientY };
    if (!isDouble) return;
    if (event.cancelable) event.preventDefault();
    if (current.scale > 1) apply({ scale: 1, x: 0, y: 0 }, true);
    else zoomAround(DOUBLE_TAP_SCALE, touch.clientX, touch.clientY, current, true);
  };

  box.style.touchAction = 'pan-x pan-y';
  box.addEventListener('touchstart', onStart, { passive: true });
  box.addEventListener('touchmove', onMove, { passive: false });
  box.addEventListener('touchend', onEnd, { passive: false });
  box.addEventListener('touchcancel', onEnd, { passive: false });
  return () => {
    box.removeEventListener('touchstart', onStart);
    box.removeEventListener('touchmove', onMove);
    box.removeEventListener('touchend', onEnd);
    box.removeEventListener('touchcancel', onEnd);
    if (current.scale > 1) onZoomChange(false);
    content.style.transform = '';
  };
}
