import { distanceBucket } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { bucketBand, INNER_FRACTION, placeDots, radialFraction, ringsFor, stableUnit } from './radar-geometry.ts';

const distanceFromCentre = (p: { x: number; y: number }) => Math.hypot(p.x - 50, p.y - 50) / 50;

describe('the radar scale', () => {
  it('starts outside the centre disc, grows with the distance and ends at the edge', () => {
    expect(radialFraction(0, 5000)).toBe(INNER_FRACTION);
    expect(radialFraction(5000, 5000)).toBe(1);
    expect(radialFraction(9000, 5000)).toBe(1);
    expect(radialFraction(100, 5000)).toBeLessThan(radialFraction(500, 5000));
    // Square root: the first tenth of the radius takes about a third of the drawing.
    expect(radialFraction(500, 5000)).toBeGreaterThan(0.4);
  });

  it('draws a few labelled rings, well apart, inside the edge', () => {
    expect(ringsFor(5000)).toEqual([500, 2000]);
    expect(ringsFor(1000)).toEqual([100, 500]);
    for (const radius of [1000, 3000, 5000, 10_000, 20_000, 50_000]) {
      const rings = ringsFor(radius);
      expect(rings.length, `${radius}`).toBeGreaterThan(0);
      expect(rings.length, `${radius}`).toBeLessThanOrEqual(4);
      for (const ring of rings) expect(ring).toBeLessThan(radius);
      const at = rings.map((m) => radialFraction(m, radius));
      for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(0.2);
    }
  });
});

describe('a bucket on the radar', () => {
  it('is the band of distances the bucket stands for', () => {
    for (const metres of [0, 42, 99, 100, 333, 499, 500, 730, 999, 1000, 1499, 2600, 4999, 5000, 7300, 12_345]) {
      const [low, high] = bucketBand(distanceBucket(metres));
      expect(metres, `${metres} m`).toBeGreaterThanOrEqual(low);
      expect(metres, `${metres} m`).toBeLessThanOrEqual(high);
    }
  });

  it('puts a dot in its own ring, at an angle from its id alone', () => {
    const near = placeDots([{ key: 'p1', distance: 100 }], 5000)[0];
    const far = placeDots([{ key: 'p1', distance: 4500 }], 5000)[0];
    expect(near && far).toBeTruthy();
    if (!near || !far) return;
    const [nearLow, nearHigh] = bucketBand(100).map((m) => radialFraction(m, 5000) * 0.9);
    expect(distanceFromCentre(near)).toBeGreaterThanOrEqual((nearLow ?? 0) - 1e-9);
    expect(distanceFromCentre(near)).toBeLessThanOrEqual((nearHigh ?? 0) + 1e-9);
    expect(distanceFromCentre(far)).toBeGreaterThan(distanceFromCentre(near));
    // The same person is drawn at the same place on every scan.
    expect(placeDots([{ key: 'p1', distance: 100 }], 5000)[0]).toEqual(near);
    expect(stableUnit('p1')).toBe(stableUnit('p1'));
    expect(stableUnit('p1')).not.toBe(stableUnit('p2'));
  });

  it('keeps dots of one bucket apart', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ key: `p${i}`, distance: 500 }));
    const points = placeDots(items, 5000);
    expect(points).toHaveLength(12);
    let closest = Infinity;
    for (const [i, a] of points.entries())
      for (const b of points.slice(i + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
    expect(closest).toBeGreaterThan(4);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(100);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(100);
    }
  });
});
