import { formatMessage } from '@evcircle/contract/client';
import { Flag } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { NEARBY_MESSAGES } from './messages.ts';
import { placeDots, radialFraction, ringsFor } from './radar-geometry.ts';

/** Someone or some team on the radar: its bucket, and where a tap goes. */
export type RadarDot = {
  key: string;
  kind: 'person' | 'team';
  href: string;
  name: string;
  avatar: string;
  /** Upper bound of the distance bucket, in metres. */
  distance: number;
  distanceText: string;
  isOnline: boolean;
};

type RadarViewProps = {
  dots: readonly RadarDot[];
  radiusKm: number;
  /** The viewer at the centre. */
  me: { name: string; avatar: string };
  /** The radar is scanning (a new answer is on its way): the sweep turns, the dots dim. */
  isScanning: boolean;
  label: string;
};

/** In the SVG's units (a 200 × 200 box): the edge ring, matching placeDots' margin. */
const EDGE = 90;

function ringText(metres: number): string {
  return metres < 1000
    ? formatMessage(NEARBY_MESSAGES.ringM, { m: metres })
    : formatMessage(NEARBY_MESSAGES.ringKm, { km: metres / 1000 });
}

/**
 * The radar: rings at a few distances (square-root scale), a sweep turning round (not
 * for readers who ask for reduced motion), the viewer in the middle and everyone around
 * as a tappable dot on their bucket's ring, at an angle that is theirs alone (it means
 * nothing: the server sends no direction). The lists under it say the same in text.
 */
export function RadarView({ dots, radiusKm, me, isScanning, label }: RadarViewProps) {
  const radiusMetres = radiusKm * 1000;
  const rings = ringsFor(radiusMetres);
  const points = useMemo(
    () =>
      new Map(
        placeDots(
          dots.map((dot) => ({ key: dot.key, distance: dot.distance })),
          radiusMetres,
        ).map((point) => [point.key, point]),
      ),
    [dots, radiusMetres],
  );
  return (
    <figure
      data-testid="radar"
      data-scanning={isScanning ? 'true' : 'false'}
      aria-label={label}
      className="relative mx-auto aspect-square w-full max-w-[26rem]"
    >
      <svg viewBox="0 0 200 200" aria-hidden="true" className="absolute inset-0 size-full overflow-visible">
        <defs>
          <radialGradient id="radar-face">
            <stop
              offset="0%"
              className="[stop-color:var(--color-primary-100)] dark:[stop-color:var(--color-primary-950)]"
            />
            <stop
              offset="100%"
              className="[stop-color:var(--color-primary-50)] dark:[stop-color:var(--color-gray-900)]"
            />
          </radialGradient>
          <linearGradient id="radar-sweep" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0%" stopOpacity="0" className="[stop-color:var(--color-primary-500)]" />
            <stop offset="100%" stopOpacity="0.35" className="[stop-color:var(--color-primary-500)]" />
          </linearGradient>
        </defs>
        <circle cx="100" cy="100" r={EDGE} fill="url(#radar-face)" />
        <g className="fill-none stroke-primary-300/70 dark:stroke-primary-800/80" strokeWidth="0.5">
          <line x1="100" y1={100 - EDGE} x2="100" y2={100 + EDGE} strokeDasharray="1.5 2" />
          <line x1={100 - EDGE} y1="100" x2={100 + EDGE} y2="100" strokeDasharray="1.5 2" />
          {rings.map((metres) => (
            <circle key={metres} cx="100" cy="100" r={radialFraction(metres, radiusMetres) * EDGE} />
          ))}
          <circle cx="100" cy="100" r={EDGE} strokeWidth="0.8" />
        </g>
        {/* A quarter-turn wedge, brightest at its leading edge, turning clockwise. */}
        <g className="origin-center motion-safe:animate-[spin_6s_linear_infinite] motion-reduce:hidden">
          <path d={`M100 100 L100 ${100 - EDGE} A${EDGE} ${EDGE} 0 0 0 ${100 - EDGE} 100 Z`} fill="url(#radar-sweep)" />
          <line
            x1="100"
            y1="100"
            x2="100"
            y2={100 - EDGE}
            strokeWidth="0.8"
            className="stroke-primary-500/70 dark:stroke-primary-400/70"
          />
        </g>
        <g className="fill-primary-700/80 text-[5px] dark:fill-primary-300/80">
          {[...rings, radiusMetres].map((metres) => (
            <text
              key={metres}
              x="101.5"
              y={100 - radialFraction(metres, radiusMetres) * EDGE + 5.5}
              className="tabular-nums"
            >
              {ringText(metres)}
            </text>
          ))}
        </g>
      </svg>

      <span className="absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center">
        <Avatar
          src={me.avatar}
          name={me.name}
          size={40}
          className="ring-3 ring-primary-500 ring-offset-2 ring-offset-primary-50 dark:ring-primary-400 dark:ring-offset-gray-900"
        />
        <span className="sr-only">{NEARBY_MESSAGES.me}</span>
      </span>

      <ul className={cn('transition-opacity', isScanning && 'opacity-60')}>
        {dots.map((dot) => {
          const point = points.get(dot.key);
          if (!point) return null;
          const name =
            dot.kind === 'team'
              ? formatMessage(NEARBY_MESSAGES.teamDot, { title: dot.name, distance: dot.distanceText })
              : formatMessage(NEARBY_MESSAGES.personDot, { name: dot.name, distance: dot.distanceText });
          return (
            <li
              key={dot.key}
              className="absolute -translate-x-1/2 -translate-y-1/2"
              style={{ left: `${point.x}%`, top: `${point.y}%` }}
            >
              <Link
                to={dot.href}
                aria-label={name}
                title={name}
                data-testid="radar-dot"
                data-kind={dot.kind}
                data-key={dot.key}
                className="relative block rounded-full transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
              >
                {dot.kind === 'team' ? (
                  <span className="flex size-9 items-center justify-center rounded-full bg-amber-500 text-white shadow-md ring-2 ring-white dark:bg-amber-600 dark:ring-gray-900">
                    <Flag aria-hidden="true" className="size-4.5" />
                  </span>
                ) : (
                  <Avatar
                    src={dot.avatar}
                    name={dot.name}
                    size={34}
                    className="shadow-md ring-2 ring-white dark:ring-gray-900"
                  />
                )}
                {dot.isOnline ? (
                  <span
                    aria-hidden="true"
                    className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-gray-900"
                  />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
