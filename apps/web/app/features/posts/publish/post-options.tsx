import { formatMessage, POST_LOCATION_MAX_LENGTH, type PostTheme } from '@evcircle/contract/client';
import { Flag, LoaderCircle, LocateFixed, MapPin, X } from 'lucide-react';
import { useState } from 'react';
import { NearbyPlaces } from '~/features/places/index.ts';
import { cn } from '~/ui/cn.ts';
import { Switch } from '~/ui/switch.tsx';
import { THEME_OPTIONS } from '../themes/themes.ts';
import { PUBLISH_MESSAGES } from './messages.ts';

const LABEL = 'mb-2 block text-sm font-medium text-gray-900 dark:text-gray-100';

/** The theme of the post, one of the contract's themes, as a row of chips (a radio group). */
export function ThemePicker({ value, onChange }: { value: PostTheme | ''; onChange: (theme: PostTheme) => void }) {
  return (
    <fieldset>
      <legend className={LABEL}>{PUBLISH_MESSAGES.themeLabel}</legend>
      <div className="flex flex-wrap gap-2" data-testid="theme-picker">
        {THEME_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-full border px-4 py-1.5 text-sm transition-colors select-none',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-500',
              value === option.value
                ? 'border-primary-600 bg-primary-600 font-medium text-white dark:border-primary-500 dark:bg-primary-600'
                : 'border-gray-300 text-gray-700 hover:border-primary-400 hover:text-primary-700 dark:border-gray-700 dark:text-gray-300 dark:hover:border-primary-600 dark:hover:text-primary-300',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type Coordinates = { latitude: number | null; longitude: number | null };

type LocationFieldProps = Coordinates & {
  location: string;
  onLocationChange: (value: string) => void;
  onCoordinatesChange: (coordinates: Coordinates) => void;
};

function geolocationMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return PUBLISH_MESSAGES.geoDenied;
  if (error.code === error.TIMEOUT) return PUBLISH_MESSAGES.geoTimeout;
  return PUBLISH_MESSAGES.geoUnavailable;
}

/** Six decimals is about 0.1 m: as precise as a phone's fix, no noise digits. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The place of the post as text, and optionally the device's coordinates (使用当前位置).
 * Only the coordinates come from the browser: the place name is whatever the writer typed,
 * or the nearby place they picked from the list the coordinates bring.
 */
export function LocationField({
  location,
  latitude,
  longitude,
  onLocationChange,
  onCoordinatesChange,
}: LocationFieldProps) {
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function locate() {
    if (!('geolocation' in navigator)) {
      setError(PUBLISH_MESSAGES.geoUnsupported);
      return;
    }
    setIsLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsLocating(false);
        onCoordinatesChange({
          latitude: round6(position.coords.latitude),
          longitude: round6(position.coords.longitude),
        });
      },
      (failure) => {
        setIsLocating(false);
        setError(geolocationMessage(failure));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const hasCoordinates = latitude !== null && longitude !== null;
  return (
    <div>
      <label htmlFor="post-location" className={LABEL}>
        {PUBLISH_MESSAGES.locationLabel}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          />
          <input
            id="post-location"
            value={location}
            maxLength={POST_LOCATION_MAX_LENGTH}
            onChange={(event) => onLocationChange(event.target.value)}
            placeholder={PUBLISH_MESSAGES.locationPlaceholder}
            autoComplete="off"
            className="block h-10 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-9 text-sm placeholder:text-gray-400 focus:outline-2 focus:outline-primary-500 dark:border-gray-700 dark:bg-gray-950 dark:placeholder:text-gray-500"
          />
        </div>
        <button
          type="button"
          onClick={locate}
          disabled={isLocating}
          data-testid="use-current-location"
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 px-3 text-sm text-gray-700 hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
        >
          {isLocating ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <LocateFixed aria-hidden="true" className="size-4" />
          )}
          {isLocating ? PUBLISH_MESSAGES.locating : PUBLISH_MESSAGES.useCurrentLocation}
        </button>
      </div>
      {hasCoordinates ? (
        <p
          data-testid="coordinates"
          className="mt-2 inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-2.5 text-xs text-primary-800 dark:bg-primary-950/60 dark:text-primary-200"
        >
          {formatMessage(PUBLISH_MESSAGES.coordinates, { lat: latitude.toFixed(4), lng: longitude.toFixed(4) })}
          <button
            type="button"
            aria-label={PUBLISH_MESSAGES.clearCoordinates}
            onClick={() => onCoordinatesChange({ latitude: null, longitude: null })}
            className="rounded-full p-0.5 hover:bg-primary-100 dark:hover:bg-primary-900"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </p>
      ) : null}
      {hasCoordinates ? (
        <NearbyPlaces latitude={latitude} longitude={longitude} word={location} onPick={onLocationChange} />
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 打卡: marks the post as a check-in. */
export function CheckinSwitch({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex items-center gap-2.5">
        <span className="flex size-8 items-center justify-center rounded-full bg-amber-50 text-amber-600 dark:bg-amber-950/50 dark:text-amber-400">
          <Flag aria-hidden="true" className="size-4" />
        </span>
        <div>
          <p id="checkin-label" className="text-sm font-medium">
            {PUBLISH_MESSAGES.checkinLabel}
          </p>
          <p id="checkin-hint" className="text-xs text-gray-500 dark:text-gray-400">
            {PUBLISH_MESSAGES.checkinHint}
          </p>
        </div>
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        aria-labelledby="checkin-label"
        aria-describedby="checkin-hint"
        data-testid="checkin-switch"
      />
    </div>
  );
}
