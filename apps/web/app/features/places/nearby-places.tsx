import { formatMessage, nearbyPlaces, type Poi } from '@evcircle/contract/client';
import {
  BatteryCharging,
  CircleDot,
  Droplets,
  LoaderCircle,
  type LucideIcon,
  MapPin,
  Sparkles,
  Wrench,
  Zap,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { PLACES_MESSAGES } from './messages.ts';
import { formatDistance, placeText } from './place-text.ts';

/** Places offered at once: a short list, nearest (or best matching) first. */
const SHOWN = 5;
/** Typing pauses this long before the list asks again. */
const TYPING_DELAY_MS = 250;

const ICONS: Record<string, LucideIcon> = {
  充电站: Zap,
  换电站: BatteryCharging,
  服务中心: Wrench,
  轮胎店: CircleDot,
  洗车店: Droplets,
  汽车美容: Sparkles,
};

export type NearbyPlacesProps = {
  latitude: number;
  longitude: number;
  /** What the writer has typed in the place field: the list shows the places matching it. */
  word: string;
  /** Called with the place text of the place picked. */
  onPick: (place: string) => void;
};

type Found = { status: 'loading' } | { status: 'ready'; word: string; pois: Poi[] } | { status: 'failed' };

/**
 * The places near the writer's coordinates (POST /pub/nearbyAds) as choices for the
 * post's place: nearest first, narrowed to those matching what is typed in the place
 * field (characters, words, pinyin). Picking one fills the field; the list then stays
 * out of the way until the text changes. Optional: typing any place still works.
 */
export function NearbyPlaces({ latitude, longitude, word, onPick }: NearbyPlacesProps) {
  const api = useApi();
  const [found, setFound] = useState<Found>({ status: 'loading' });
  const [picked, setPicked] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const query = word.trim();
  const isPicked = picked !== null && word === picked;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload button's way of asking again
  useEffect(() => {
    if (isPicked) return;
    let isCurrent = true;
    const ask = () => {
      api
        .call(nearbyPlaces, {
          latitude: String(latitude),
          longitude: String(longitude),
          word: query,
          size: String(SHOWN),
          idx: '1',
        })
        .then(
          ({ pois }) => {
            if (isCurrent) setFound({ status: 'ready', word: query, pois });
          },
          () => {
            if (isCurrent) setFound({ status: 'failed' });
          },
        );
    };
    // The first list comes at once; while typing, after a pause.
    const timer = query ? setTimeout(ask, TYPING_DELAY_MS) : null;
    if (!query) ask();
    return () => {
      isCurrent = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, latitude, longitude, query, isPicked, attempt]);

  if (isPicked) return null;

  if (found.status === 'loading') {
    return (
      <p role="status" className="mt-2 flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        {PLACES_MESSAGES.loading}
      </p>
    );
  }

  if (found.status === 'failed') {
    return (
      <p
        className="mt-2 flex items-center gap-2 text-xs text-gray-500 dark:text-gray-400"
        data-testid="nearby-places-failed"
      >
        {PLACES_MESSAGES.failed}
        <button
          type="button"
          onClick={() => {
            setFound({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
          className="rounded font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          {PLACES_MESSAGES.reload}
        </button>
      </p>
    );
  }

  // A word that matches nothing nearby: the writer is typing a place of their own.
  if (found.pois.length === 0) {
    return found.word ? null : (
      <p className="mt-2 text-xs text-gray-500 dark:text-gray-400" data-testid="nearby-places-empty">
        {PLACES_MESSAGES.empty}
      </p>
    );
  }

  const isStale = found.word !== query;
  return (
    <div className="mt-3" data-testid="nearby-places">
      <p className="mb-1.5 flex items-baseline justify-between gap-2 text-xs text-gray-500 dark:text-gray-400">
        <span className="truncate">
          {found.word ? formatMessage(PLACES_MESSAGES.headingMatching, { word: found.word }) : PLACES_MESSAGES.heading}
        </span>
        <span className="shrink-0">{PLACES_MESSAGES.pickHint}</span>
      </p>
      <ul
        aria-label={PLACES_MESSAGES.heading}
        aria-busy={isStale}
        className={cn(
          'divide-y divide-gray-100 overflow-hidden rounded-lg border border-gray-200 bg-white transition-opacity',
          'dark:divide-gray-800 dark:border-gray-700 dark:bg-gray-950',
          isStale && 'opacity-60',
        )}
      >
        {found.pois.map((poi) => {
          const Icon = ICONS[poi.category] ?? MapPin;
          return (
            <li key={poi.id}>
              <button
                type="button"
                data-testid="nearby-place"
                onClick={() => {
                  const text = placeText(poi);
                  setPicked(text);
                  onPick(text);
                }}
                className={cn(
                  'flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left',
                  'hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500',
                  'dark:hover:bg-gray-900 dark:focus-visible:bg-gray-900',
                )}
              >
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950/60 dark:text-primary-300">
                  <Icon aria-hidden="true" className="size-3.5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span
                    className="block truncate text-sm text-gray-900 dark:text-gray-100"
                    data-testid="nearby-place-name"
                  >
                    {poi.name}
                  </span>
                  <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                    {poi.category}
                    {poi.address ? ` · ${poi.district}${poi.address}` : ''}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-gray-500 tabular-nums dark:text-gray-400">
                  {formatDistance(poi.distance)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
