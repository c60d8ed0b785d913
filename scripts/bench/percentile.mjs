// Exact percentiles of a latency sample, as the bench reports them.

/**
 * The `p`th percentile (nearest rank) of `sorted` (ascending), rounded to 0.01 ms;
 * NaN for an empty sample.
 * @param {readonly number[]} sorted
 * @param {number} p
 * @returns {number}
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return Math.round(value * 100) / 100;
}
