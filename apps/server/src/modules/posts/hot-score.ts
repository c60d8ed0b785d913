/** The feed's hot score: how engagement and age rank a post. */

/** How much each kind of engagement weighs in the hot score. */
export const HOT_WEIGHTS = { like: 1, comment: 2, share: 3, play: 0.1 } as const;
/**
 * Seconds of age that weigh as much as a tenfold engagement difference: 45000 s
 * (12.5 h). A post needs ten times the engagement to stay level with one 12.5 h newer.
 */
export const HOT_DECAY_SECONDS = 45_000;

export type HotScoreInput = { likes: number; comments: number; shares: number; plays: number; createdAt: Date };

/**
 * Feed rank of a post, stored in posts.hot_score so the feed is one index scan:
 *
 *   log10(max(1, likes + 2·comments + 3·shares + plays/10)) + createdAtEpochSeconds / 45000
 *
 * Newer posts rise by time alone; engagement lifts a post logarithmically, so the first
 * ten likes count as much as the next ninety. Recompute it whenever a counter changes.
 */
export function hotScore(input: HotScoreInput): number {
  const engagement =
    input.likes * HOT_WEIGHTS.like +
    input.comments * HOT_WEIGHTS.comment +
    input.shares * HOT_WEIGHTS.share +
    input.plays * HOT_WEIGHTS.play;
  return Math.log10(Math.max(1, engagement)) + input.createdAt.getTime() / 1000 / HOT_DECAY_SECONDS;
}
