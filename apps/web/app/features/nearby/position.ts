import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where the viewer's nearby lists are measured from: the device's position (the browser's
 * geolocation, WGS-84, asked only after the page has said why), or the centre of a city
 * they chose when they would not or could not share it. One store per tab, shared by
 * /radar, /nearby, /near and the team form, so moving between them asks nothing again.
 * A device position is kept for this tab only (sessionStorage); a chosen city is
 * remembered (localStorage): it says no more than the viewer chose to say.
 */
export type Place = {
  latitude: number;
  longitude: number;
  source: 'device' | 'city';
  /** The city's name when chosen; '' for the device's position. */
  city: string;
};

export type PositionState =
  /** Not known yet: on the server and until the browser's storage and permission are read. */
  | { status: 'unknown' }
  /** Nothing shared yet: the page explains and offers 使用我的位置 / 手动选择城市. */
  | { status: 'ask' }
  | { status: 'locating' }
  /** The viewer (or their browser's settings) refused. */
  | { status: 'denied' }
  /** The device could not tell (no fix, a timeout). */
  | { status: 'unavailable' }
  /** No geolocation in this browser at all (or not a secure page). */
  | { status: 'unsupported' }
  /**
   * `isLocating`: a new fix is on its way (重新定位) while the lists stay; `problem`: the
   * last attempt at one failed, the place is the one from before.
   */
  | { status: 'ready'; place: Place; isLocating?: boolean; problem?: 'denied' | 'unavailable' };

const DEVICE_KEY = 'evc-nearby-device';
const CITY_KEY = 'evc-nearby-city';
/** A device position older than this is asked for again rather than reused. */
const DEVICE_MAX_AGE_MS = 10 * 60_000;

const UNKNOWN: PositionState = { status: 'unknown' };
let state: PositionState = UNKNOWN;
let hasStarted = false;
const listeners = new Set<() => void>();

function set(next: PositionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function isPlace(value: unknown): value is Place {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.latitude === 'number' &&
    Math.abs(p.latitude) <= 90 &&
    typeof p.longitude === 'number' &&
    Math.abs(p.longitude) <= 180 &&
    (p.source === 'device' || p.source === 'city') &&
    typeof p.city === 'string'
  );
}

function read(storage: Storage, key: string): (Place & { at?: number }) | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return isPlace(value) ? (value as Place & { at?: number }) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the place holds for this page only.
  }
}

/** The state now (what usePosition renders). */
export function positionNow(): PositionState {
  return state;
}

/**
 * The first client use (usePosition calls it): a place kept from before, or whether to
 * ask. The browser's geolocation is called only when its permission is already granted.
 */
export function startPosition(): void {
  if (hasStarted) return;
  hasStarted = true;
  const device = read(sessionStorage, DEVICE_KEY);
  if (device && typeof device.at === 'number' && Date.now() - device.at < DEVICE_MAX_AGE_MS) {
    set({
      status: 'ready',
      place: { latitude: device.latitude, longitude: device.longitude, source: 'device', city: '' },
    });
    return;
  }
  // A city the viewer chose stays their choice until they ask for the device's position again.
  const city = read(localStorage, CITY_KEY);
  if (city) {
    set({ status: 'ready', place: city });
    return;
  }
  if (!('geolocation' in navigator)) {
    set({ status: 'unsupported' });
    return;
  }
  if (!navigator.permissions?.query) {
    set({ status: 'ask' });
    return;
  }
  // Permission already given (an earlier visit): locate at once, the explanation was read then.
  navigator.permissions.query({ name: 'geolocation' }).then(
    (permission) => {
      if (state.status !== 'unknown') return;
      if (permission.state === 'granted') locate();
      else set({ status: 'ask' });
    },
    () => {
      if (state.status === 'unknown') set({ status: 'ask' });
    },
  );
}

/**
 * Asks the browser for the device's position (its own permission prompt the first time).
 * Call it from a tap on 使用我的位置, after the page has said why.
 */
export function locate(): void {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    set({ status: 'unsupported' });
    return;
  }
  const previous = state.status === 'ready' ? state : null;
  // Asked again with lists on screen: they stay until the new fix is there.
  set(previous ? { status: 'ready', place: previous.place, isLocating: true } : { status: 'locating' });
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      const place: Place = { latitude: coords.latitude, longitude: coords.longitude, source: 'device', city: '' };
      write(sessionStorage, DEVICE_KEY, { ...place, at: Date.now() });
      // The device again: a city chosen before is no longer the viewer's choice.
      try {
        localStorage.removeItem(CITY_KEY);
      } catch {
        // Nothing kept.
      }
      set({ status: 'ready', place });
    },
    (error) => {
      const problem = error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable';
      set(previous ? { status: 'ready', place: previous.place, problem } : { status: problem });
    },
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
  );
}

/** The viewer chose a city (the manual choice when the device's position is not shared). */
export function chooseCity(city: { name: string; latitude: number; longitude: number }): void {
  const place: Place = { latitude: city.latitude, longitude: city.longitude, source: 'city', city: city.name };
  write(localStorage, CITY_KEY, place);
  try {
    sessionStorage.removeItem(DEVICE_KEY);
  } catch {
    // Nothing kept.
  }
  set({ status: 'ready', place });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The position state of this tab; the first component that asks starts it (in the browser). */
export function usePosition(): PositionState {
  const current = useSyncExternalStore(subscribe, positionNow, () => UNKNOWN);
  useEffect(() => {
    startPosition();
  }, []);
  return current;
}
