import { LoaderCircle, LocateFixed, LocateOff, MapPinned, Radar, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { lazyDialog } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { locate, type PositionState } from './position.ts';

const CityPicker = lazyDialog(
  () => import('./city-picker.tsx').then((module) => module.CityPicker),
  (props) => props.open,
);

type LocationGateProps = {
  /** Any state but ready: what to ask, or why it did not work. */
  state: Exclude<PositionState, { status: 'ready' }>;
};

/**
 * Before any nearby list: why the page wants the position and what others will see of it
 * (never the position itself), then the browser's prompt only when the viewer taps
 * 使用我的位置. Refused, unavailable or unsupported: the manual city choice.
 */
export function LocationGate({ state }: LocationGateProps) {
  const [isPickingCity, setPickingCity] = useState(false);
  const isLocating = state.status === 'locating';
  const problem =
    state.status === 'denied'
      ? { title: NEARBY_MESSAGES.deniedTitle, hint: NEARBY_MESSAGES.deniedHint }
      : state.status === 'unavailable'
        ? { title: NEARBY_MESSAGES.unavailableTitle, hint: NEARBY_MESSAGES.unavailableHint }
        : state.status === 'unsupported'
          ? { title: NEARBY_MESSAGES.unsupportedTitle, hint: NEARBY_MESSAGES.deniedHint }
          : null;
  const Icon = problem ? LocateOff : Radar;
  return (
    <section
      data-testid="location-gate"
      data-state={state.status}
      aria-labelledby="location-gate-title"
      className="mx-auto flex max-w-md flex-col items-center rounded-2xl bg-white px-6 py-10 text-center ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-400">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h2 id="location-gate-title" className="mt-5 text-lg font-semibold">
        {problem ? problem.title : NEARBY_MESSAGES.askTitle}
      </h2>
      <p className="mt-2 text-sm leading-6 text-gray-600 dark:text-gray-300">
        {problem ? problem.hint : NEARBY_MESSAGES.askBody}
      </p>
      <p className="mt-4 flex items-start gap-2 rounded-xl bg-gray-50 px-3 py-2.5 text-left text-xs leading-5 text-gray-600 dark:bg-gray-800/70 dark:text-gray-300">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600 dark:text-primary-400" />
        {NEARBY_MESSAGES.askPrivacy}
      </p>
      <div className="mt-6 flex w-full flex-col gap-2.5 sm:flex-row sm:justify-center">
        {state.status !== 'unsupported' ? (
          <Button
            variant={problem ? 'outline' : 'solid'}
            size="lg"
            onClick={locate}
            disabled={isLocating}
            data-testid="use-location"
            aria-busy={isLocating}
          >
            {isLocating ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <LocateFixed aria-hidden="true" className="size-4" />
            )}
            {isLocating ? NEARBY_MESSAGES.locating : problem ? NEARBY_MESSAGES.tryAgain : NEARBY_MESSAGES.useLocation}
          </Button>
        ) : null}
        <Button
          variant={problem ? 'solid' : 'outline'}
          size="lg"
          onClick={() => setPickingCity(true)}
          data-testid="choose-city"
        >
          <MapPinned aria-hidden="true" className="size-4" />
          {NEARBY_MESSAGES.chooseCity}
        </Button>
      </div>
      <CityPicker open={isPickingCity} onClose={() => setPickingCity(false)} />
    </section>
  );
}
