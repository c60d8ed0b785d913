import { reportLocation } from '@evcircle/contract/client';
import { LoaderCircle, LocateFixed, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyDialog } from '~/lib/lazy-component.ts';
import { useToast } from '~/ui/toast.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { locate, type Place, type PositionState } from './position.ts';
import { usePlaceLabel } from './use-place-label.ts';
import { VisibilitySwitch } from './visibility-switch.tsx';

const CityPicker = lazyDialog(
  () => import('./city-picker.tsx').then((module) => module.CityPicker),
  (props) => props.open,
);

/** Places already reported from this tab: moving between the nearby pages reports nothing again. */
const reported = new WeakSet<Place>();

/**
 * Reports the device's position once per fix (report-location; the server stores one at
 * most every LOCATION_REPORT_INTERVAL_S), so that people near the viewer can find them
 * too. A chosen city is not reported: it is where the lists are measured from, not where
 * the viewer is.
 */
function useReportPlace(place: Place, isLoggedIn: boolean): void {
  const api = useApi();
  const toast = useToast();
  useEffect(() => {
    if (!isLoggedIn || place.source !== 'device' || reported.has(place)) return;
    reported.add(place);
    api.call(reportLocation, { latitude: place.latitude, longitude: place.longitude }).catch(() => {
      reported.delete(place);
      toast.show(NEARBY_MESSAGES.reportFailed, { tone: 'error' });
    });
  }, [api, toast, place, isLoggedIn]);
}

/**
 * Where the lists are measured from (我的位置, or a city's centre) with 切换 / 重新定位,
 * and the 隐身 switch: on every page that uses the viewer's position.
 */
export function PlaceBar({ position }: { position: Extract<PositionState, { status: 'ready' }> }) {
  const [isPickingCity, setPickingCity] = useState(false);
  const { place, isLocating, problem } = position;
  // A visitor (the public /near) is measured from, never reported, and has no 隐身 to set.
  const isLoggedIn = useViewer() !== null;
  useReportPlace(place, isLoggedIn);
  const text = usePlaceLabel(place);
  return (
    <div
      data-testid="place-bar"
      className="flex flex-col gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-gray-900/5 sm:flex-row sm:items-center sm:gap-6 dark:bg-gray-900 dark:ring-white/10"
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary-600 dark:text-primary-400" />
          <span data-testid="place-label" data-source={place.source} className="min-w-0 truncate text-sm font-medium">
            {text}
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-1">
            <button
              type="button"
              onClick={() => setPickingCity(true)}
              data-testid="change-city"
              className="rounded-full px-2.5 py-1 text-xs text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950"
            >
              {NEARBY_MESSAGES.changePlace}
            </button>
            <button
              type="button"
              onClick={locate}
              disabled={isLocating}
              data-testid="relocate"
              className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs text-primary-700 hover:bg-primary-50 disabled:opacity-60 dark:text-primary-300 dark:hover:bg-primary-950"
            >
              {isLocating ? (
                <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              ) : (
                <LocateFixed aria-hidden="true" className="size-3.5" />
              )}
              {isLocating ? NEARBY_MESSAGES.locating : NEARBY_MESSAGES.relocate}
            </button>
          </span>
        </div>
        {problem ? (
          <p role="alert" className="mt-1 pl-6 text-xs text-amber-700 dark:text-amber-300">
            {problem === 'denied' ? NEARBY_MESSAGES.deniedTitle : NEARBY_MESSAGES.unavailableTitle}
          </p>
        ) : place.source === 'city' ? (
          <p className="mt-1 pl-6 text-xs text-gray-500 dark:text-gray-400">{NEARBY_MESSAGES.cityNote}</p>
        ) : null}
      </div>
      {isLoggedIn ? (
        <div className="border-t border-gray-100 pt-3 sm:w-72 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-6 dark:border-gray-800">
          <VisibilitySwitch />
        </div>
      ) : null}
      <CityPicker open={isPickingCity} onClose={() => setPickingCity(false)} />
    </div>
  );
}
