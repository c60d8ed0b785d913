import { formatMessage } from '@evcircle/contract/client';
import { useEffect, useRef, useState } from 'react';
import { PLAYER_MESSAGES } from './messages.ts';
import { parseVast, pickMediaFile, quartilesReached, type VastAd } from './vast.ts';

/** Wrappers followed before giving up (VAST allows chains; a loop must end). */
const MAX_WRAPPERS = 3;
/** VAST error codes sent to the ad's error URLs. */
const VAST_ERROR = { noAd: 303, mediaFailed: 405, general: 900 } as const;

/** The IAB macros an ad tag may carry, filled in before it is fetched. */
function fillMacros(url: string, values: Record<string, string>): string {
  return url.replace(/\[([A-Z_]+)\]/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name] as string) : whole,
  );
}

/** Fires a tracking pixel (impression, quartiles, skip, error); its answer does not matter. */
function ping(urls: readonly string[], macros: Record<string, string> = {}) {
  for (const url of urls) {
    const image = new Image();
    image.referrerPolicy = 'no-referrer';
    image.src = fillMacros(url, { CACHEBUSTING: String(Math.floor(Math.random() * 1e8)), ...macros });
  }
}

/** Adds `more`'s tracking URLs to `into`'s, event by event. */
function mergeTracking(into: Record<string, string[]>, more: Record<string, string[]>) {
  for (const [event, urls] of Object.entries(more)) into[event] = [...(into[event] ?? []), ...urls];
}

type Loaded = { ad: VastAd; impressions: string[]; tracking: Record<string, string[]>; media: string };

/** The VAST at `adTagUrl`, following wrappers; null when there is no ad to play. */
async function loadAd(adTagUrl: string, signal: AbortSignal, playerWidth: number): Promise<Loaded | null> {
  const impressions: string[] = [];
  const tracking: Record<string, string[]> = {};
  let url = fillMacros(adTagUrl, {
    CACHEBUSTING: String(Math.floor(Math.random() * 1e8)),
    TIMESTAMP: new Date().toISOString(),
    PAGEURL: location.href,
  });
  for (let depth = 0; depth <= MAX_WRAPPERS; depth += 1) {
    const response = await fetch(url, { signal, credentials: 'omit' });
    if (!response.ok) return null;
    const result = parseVast(await response.text());
    if (result.kind === 'empty') return null;
    if (result.kind === 'wrapper') {
      impressions.push(...result.impressions);
      mergeTracking(tracking, result.tracking);
      url = result.next;
      continue;
    }
    const file = pickMediaFile(result.ad.mediaFiles, playerWidth);
    if (!file) {
      ping(result.ad.errors, { ERRORCODE: String(VAST_ERROR.noAd) });
      return null;
    }
    mergeTracking(tracking, result.ad.tracking);
    return { ad: result.ad, impressions: [...impressions, ...result.ad.impressions], tracking, media: file.url };
  }
  return null;
}

type AdBreakProps = {
  adTagUrl: string;
  /** The ad's picture is moving (the player's safety timer stops waiting). */
  onStarted: () => void;
  /** Over: played, skipped, failed or none to play; the video starts. */
  onDone: () => void;
};

/**
 * The pre-roll of an operator's VAST ad tag, over the player: its linear creative with the
 * 广告 label, 跳过 once its skip offset has passed, the impression and tracking pixels.
 * Any failure ends it at once; one that never starts is ended by the player's 12 s timer.
 */
export default function AdBreak({ adTagUrl, onStarted, onDone }: AdBreakProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [time, setTime] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const fired = useRef(new Set<string>());
  const done = useRef(onDone);
  done.current = onDone;
  const started = useRef(onStarted);
  started.current = onStarted;

  useEffect(() => {
    const controller = new AbortController();
    loadAd(adTagUrl, controller.signal, box.current?.clientWidth ?? 640).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result) setLoaded(result);
        else done.current();
      },
      () => {
        if (!controller.signal.aborted) done.current();
      },
    );
    return () => controller.abort();
  }, [adTagUrl]);

  const track = (event: string) => {
    if (!loaded || fired.current.has(event)) return;
    fired.current.add(event);
    ping(loaded.tracking[event] ?? []);
  };

  const skipOffset = loaded?.ad.skipOffset ?? null;
  const duration = loaded?.ad.duration ?? 0;
  const canSkip = skipOffset !== null && time >= skipOffset;
  const remaining = Math.max(0, Math.ceil(duration - time));

  return (
    <div ref={box} className="absolute inset-0 z-10 bg-black" data-testid="video-ad">
      {loaded ? (
        // biome-ignore lint/a11y/useMediaCaption: an ad creative comes without captions
        <video
          src={loaded.media}
          autoPlay
          playsInline
          className="size-full object-contain"
          onPlaying={() => {
            if (fired.current.has('impression')) return;
            fired.current.add('impression');
            ping(loaded.impressions);
            track('start');
            started.current();
          }}
          onTimeUpdate={(event) => {
            const now = event.currentTarget.currentTime;
            setTime(now);
            for (const name of quartilesReached(now, event.currentTarget.duration || duration)) track(name);
          }}
          onEnded={() => {
            track('complete');
            done.current();
          }}
          onError={() => {
            ping(loaded.ad.errors, { ERRORCODE: String(VAST_ERROR.mediaFailed) });
            done.current();
          }}
        />
      ) : null}
      <span
        className="absolute top-2 left-2 rounded bg-black/70 px-2 py-0.5 text-white text-xs"
        data-testid="video-ad-label"
      >
        {duration > 0 ? formatMessage(PLAYER_MESSAGES.adCountdown, { seconds: remaining }) : PLAYER_MESSAGES.ad}
      </span>
      {loaded?.ad.clickThrough ? (
        <a
          href={loaded.ad.clickThrough}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className="absolute top-2 right-2 rounded bg-black/70 px-2 py-0.5 text-white text-xs underline"
        >
          {PLAYER_MESSAGES.adLearnMore}
        </a>
      ) : null}
      {skipOffset !== null ? (
        <button
          type="button"
          disabled={!canSkip}
          onClick={() => {
            track('skip');
            done.current();
          }}
          className="absolute right-0 bottom-16 rounded-l bg-black/75 px-4 py-2 text-sm text-white ring-1 ring-white/30 disabled:opacity-70"
          data-testid="video-ad-skip"
        >
          {canSkip
            ? PLAYER_MESSAGES.skipAd
            : formatMessage(PLAYER_MESSAGES.skipAdIn, { seconds: Math.ceil(skipOffset - time) })}
        </button>
      ) : null}
    </div>
  );
}
