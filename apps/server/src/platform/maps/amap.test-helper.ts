// The set-up both AMap adapters' tests share: two local fakes of AMap (one that knows the
// key only, one that also requires the signature) and a log that records what the
// adapter wrote.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { AmapOptions } from './amap-request.ts';
import { type FakeAmapArea, type FakeAmapPoi, gcjFromWgs, startFakeAmap } from './fake-amap.test-helper.ts';
import type { LatLng, MapsLog } from './types.ts';

export const KEY = 'amap-test-key';
export const SECRET = 'amap-private-key';

type FakeAmap = Awaited<ReturnType<typeof startFakeAmap>>;

/** A line the adapter logged. */
export type LogEntry = { level: string; fields: Record<string, unknown> };

/** What an adapter's test changes of the options it is built with. */
export type AmapOverrides = { apiBase?: string; key?: string; secret?: string; timeoutMs?: number };

export type FakeAmaps = {
  /** Knows KEY, checks no signature. */
  plain: FakeAmap;
  /** Knows KEY and requires the signature with SECRET. */
  signed: FakeAmap;
  /** What the adapters built with `log()` or `options()` logged in this test. */
  logs: LogEntry[];
  /** A log that records into `logs`. */
  log(): MapsLog;
  /** Options for an adapter: KEY, no signature, the plain fake, unless `overrides` say otherwise. */
  options(overrides?: AmapOverrides): AmapOptions;
};

/**
 * Starts the two fakes, holding `data`, before the file's tests and closes them after;
 * before each test both answer OK again and forget what they received, and `logs` is
 * emptied. The fakes are there from the first test on (read them through the answer).
 */
export function useFakeAmaps(data: { pois?: FakeAmapPoi[]; areas?: FakeAmapArea[] }): FakeAmaps {
  const logs: LogEntry[] = [];
  const log = (): MapsLog => {
    const at = (level: string) => (fields: unknown) => {
      logs.push({ level, fields: fields as Record<string, unknown> });
    };
    return { info: at('info'), warn: at('warn'), error: at('error') } as unknown as MapsLog;
  };
  const fakes: FakeAmaps = {
    plain: undefined as unknown as FakeAmap,
    signed: undefined as unknown as FakeAmap,
    logs,
    log,
    options: (overrides = {}) => ({
      key: overrides.key ?? KEY,
      secret: overrides.secret,
      apiBase: overrides.apiBase ?? fakes.plain.apiBase,
      timeoutMs: overrides.timeoutMs,
      log: log(),
    }),
  };

  beforeAll(async () => {
    fakes.plain = await startFakeAmap({ key: KEY, ...data });
    fakes.signed = await startFakeAmap({ key: KEY, secret: SECRET, ...data });
  });
  afterAll(async () => {
    await fakes.plain.close();
    await fakes.signed.close();
  });
  beforeEach(() => {
    for (const fake of [fakes.plain, fakes.signed]) {
      fake.state.mode = 'ok';
      fake.received.length = 0;
    }
    logs.length = 0;
  });
  return fakes;
}

/** Fails unless the call `sent` (as a fake received it) asked about `point` converted to GCJ-02, to six decimals. */
export function expectSentInGcj02(sent: Record<string, string>, point: LatLng): void {
  const [lng, lat] = (sent.location as string).split(',').map(Number) as [number, number];
  const gcj = gcjFromWgs(point.latitude, point.longitude);
  expect(lng).toBeCloseTo(gcj.longitude, 6);
  expect(lat).toBeCloseTo(gcj.latitude, 6);
  // GCJ-02 is several hundred metres off GPS in eastern China: the point was converted.
  expect(Math.abs(lng - point.longitude)).toBeGreaterThan(0.003);
}
