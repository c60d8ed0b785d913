import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage in memory (the tests run in Node, without a browser's). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

type Answer = { coords: { latitude: number; longitude: number } } | { code: number };

/**
 * A browser whose geolocation permission is `permission` and whose getCurrentPosition
 * answers `answer`; `asked` counts the calls to it (each would be the browser's prompt
 * the first time).
 */
function browser(permission: PermissionState, answer: Answer) {
  const geolocation = {
    asked: 0,
    getCurrentPosition(success: (p: unknown) => void, failure: (e: unknown) => void) {
      geolocation.asked += 1;
      if ('coords' in answer) success(answer);
      else failure({ code: answer.code, PERMISSION_DENIED: 1 });
    },
  };
  vi.stubGlobal('navigator', {
    geolocation,
    permissions: { query: () => Promise.resolve({ state: permission }) },
  });
  return geolocation;
}

const SHANGHAI = { coords: { latitude: 31.2304, longitude: 121.4737 } };
const DENIED = { code: 1 };
const UNAVAILABLE = { code: 2 };

/** The store as a new tab finds it (module state is per tab). */
async function freshTab() {
  vi.resetModules();
  return import('./position.ts');
}

/** Lets the permission query's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the viewer’s place', () => {
  let local: Storage;
  beforeEach(() => {
    local = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks first: the browser’s geolocation is not called until the viewer taps 使用我的位置', async () => {
    const geolocation = browser('prompt', SHANGHAI);
    const tab = await freshTab();
    tab.startPosition();
    await settle();
    expect(tab.positionNow()).toEqual({ status: 'ask' });
    expect(geolocation.asked).toBe(0);

    tab.locate();
    expect(geolocation.asked).toBe(1);
    expect(tab.positionNow()).toEqual({
      status: 'ready',
      place: { latitude: 31.2304, longitude: 121.4737, source: 'device', city: '' },
    });
  });

  it('locates at once when the permission was given before (the explanation was read then)', async () => {
    const geolocation = browser('granted', SHANGHAI);
    const tab = await freshTab();
    tab.startPosition();
    await settle();
    expect(geolocation.asked).toBe(1);
    expect(tab.positionNow()).toMatchObject({ status: 'ready', place: { source: 'device' } });
  });

  it('a refusal offers the city choice, which this browser remembers; a fix is kept for the tab only', async () => {
    browser('prompt', DENIED);
    const tab = await freshTab();
    tab.startPosition();
    await settle();
    tab.locate();
    expect(tab.positionNow()).toEqual({ status: 'denied' });

    tab.chooseCity({ name: '杭州', latitude: 30.2448, longitude: 120.1646 });
    expect(tab.positionNow()).toEqual({
      status: 'ready',
      place: { latitude: 30.2448, longitude: 120.1646, source: 'city', city: '杭州' },
    });

    // Another tab of the same browser: the chosen city again, nothing asked.
    const geolocation = browser('prompt', SHANGHAI);
    vi.stubGlobal('sessionStorage', memoryStorage());
    const next = await freshTab();
    next.startPosition();
    await settle();
    expect(next.positionNow()).toMatchObject({ status: 'ready', place: { source: 'city', city: '杭州' } });
    expect(geolocation.asked).toBe(0);
    // Even with the permission given since, the chosen city stays the viewer's choice…
    const granted = browser('granted', SHANGHAI);
    const later = await freshTab();
    later.startPosition();
    await settle();
    expect(later.positionNow()).toMatchObject({ status: 'ready', place: { source: 'city', city: '杭州' } });
    expect(granted.asked).toBe(0);
    // …until they ask for the device's position again; that is kept for the tab only.
    later.locate();
    expect(later.positionNow()).toMatchObject({ status: 'ready', place: { source: 'device' } });
    expect(local.length).toBe(0);
  });

  it('a failed 重新定位 keeps the place the lists use, and says why', async () => {
    const geolocation = browser('granted', SHANGHAI);
    const tab = await freshTab();
    tab.startPosition();
    await settle();
    expect(tab.positionNow()).toMatchObject({ status: 'ready' });

    browser('granted', UNAVAILABLE);
    tab.locate();
    expect(tab.positionNow()).toEqual({
      status: 'ready',
      place: { latitude: 31.2304, longitude: 121.4737, source: 'device', city: '' },
      problem: 'unavailable',
    });
    expect(geolocation.asked).toBe(1);
  });

  it('without geolocation in the browser, only the city choice is offered', async () => {
    vi.stubGlobal('navigator', {});
    const tab = await freshTab();
    tab.startPosition();
    expect(tab.positionNow()).toEqual({ status: 'unsupported' });
  });
});
