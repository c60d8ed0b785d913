import { useEffect, useRef, useState } from 'react';
import { waveformPeaks } from '~/features/audio/index.ts';
import { LOCKCHIME_MESSAGES as M } from './messages.ts';

type WaveformProps = {
  channels: readonly Float32Array[];
  totalMs: number;
  selection: { startMs: number; endMs: number };
  /** Dragging on the waveform moves the nearer edge of the selection. */
  onMove: (edge: 'start' | 'end', ms: number) => void;
};

const HEIGHT = 112;

/** Reads a CSS colour of the page (the palette follows light and dark mode). */
function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * The waveform on a canvas, the selection highlighted with its two handles. Mouse and
 * touch drag the nearer handle; the sliders under it are the keyboard's way.
 */
export function Waveform({ channels, totalMs, selection, onMove }: WaveformProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const dragging = useRef<'start' | 'end' | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const [peaks, setPeaks] = useState<Float32Array | null>(null);
  useEffect(() => {
    if (width > 0) setPeaks(waveformPeaks(channels, width));
  }, [channels, width]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !peaks || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = width * ratio;
    element.height = HEIGHT * ratio;
    const g = element.getContext('2d');
    if (!g) return;
    g.scale(ratio, ratio);
    g.clearRect(0, 0, width, HEIGHT);
    const x0 = totalMs > 0 ? (selection.startMs / totalMs) * width : 0;
    const x1 = totalMs > 0 ? (selection.endMs / totalMs) * width : width;
    const dark = document.documentElement.classList.contains('dark');
    g.fillStyle = dark ? 'rgba(34,197,94,0.16)' : 'rgba(34,197,94,0.12)';
    g.fillRect(x0, 0, x1 - x0, HEIGHT);
    const mid = HEIGHT / 2;
    const on = cssColor(element, '--color-primary-600', '#16a34a');
    const off = dark ? '#4b5563' : '#d1d5db';
    for (let x = 0; x < peaks.length; x++) {
      const h = Math.max(1, (peaks[x] ?? 0) * (HEIGHT / 2 - 4));
      g.fillStyle = x >= x0 && x <= x1 ? on : off;
      g.fillRect(x, mid - h, 1, h * 2);
    }
    g.fillStyle = on;
    for (const x of [x0, x1]) {
      g.fillRect(Math.min(width - 3, Math.max(0, x - 1.5)), 0, 3, HEIGHT);
      g.beginPath();
      g.arc(Math.min(width - 6, Math.max(6, x)), HEIGHT - 8, 6, 0, Math.PI * 2);
      g.fill();
    }
  }, [peaks, width, totalMs, selection.startMs, selection.endMs]);

  const msAt = (clientX: number) => {
    const rect = canvas.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return ((clientX - rect.left) / rect.width) * totalMs;
  };

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={M.waveformLabel}
      data-testid="chime-waveform"
      style={{ height: HEIGHT, touchAction: 'pan-y' }}
      className="block w-full cursor-ew-resize rounded-xl bg-gray-50 dark:bg-gray-900"
      onPointerDown={(event) => {
        const ms = msAt(event.clientX);
        const edge = Math.abs(ms - selection.startMs) <= Math.abs(ms - selection.endMs) ? 'start' : 'end';
        dragging.current = edge;
        event.currentTarget.setPointerCapture(event.pointerId);
        onMove(edge, ms);
      }}
      onPointerMove={(event) => {
        if (dragging.current) onMove(dragging.current, msAt(event.clientX));
      }}
      onPointerUp={() => {
        dragging.current = null;
      }}
      onPointerCancel={() => {
        dragging.current = null;
      }}
    />
  );
}
