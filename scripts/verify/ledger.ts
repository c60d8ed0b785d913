// What the verify commands compare: the writes the server acknowledged (an answer with
// status 0 reached the client) against what the database holds afterwards, and the memory
// of a process over a run. Pure, so the comparisons are tested on their own (ledger.test.ts).

/** The kinds of write the verify commands make. */
export const WRITE_KINDS = ['post', 'comment', 'like', 'chat', 'cart', 'order'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** zh-CN names of the kinds, for the printed tables. */
export const KIND_NAMES: Record<WriteKind, string> = {
  post: '发帖 post',
  comment: '评论 comment',
  like: '点赞 like',
  chat: '私信 chat',
  cart: '加购 cart',
  order: '支付 order paid',
};

/**
 * Acknowledged writes by kind: each a key (the id the answer named, or `post:user` for a
 * like) and an amount that must be present at least (a cart line's number; 1 otherwise).
 */
export class Ledger {
  readonly acknowledged = new Map<WriteKind, Map<string, number>>(WRITE_KINDS.map((kind) => [kind, new Map()]));

  acknowledge(kind: WriteKind, key: string | number, amount = 1): void {
    const keys = this.acknowledged.get(kind) as Map<string, number>;
    const id = String(key);
    // A later answer about the same line (a cart line added to again) raises what must be there.
    keys.set(id, Math.max(keys.get(id) ?? 0, amount));
  }

  keys(kind: WriteKind): string[] {
    return [...(this.acknowledged.get(kind)?.keys() ?? [])];
  }

  count(kind: WriteKind): number {
    return this.acknowledged.get(kind)?.size ?? 0;
  }
}

/** What the database holds of the acknowledged keys: key → amount (1 for a plain row). */
export type Present = Partial<Record<WriteKind, ReadonlyMap<string, number>>>;

export type KindTally = {
  kind: WriteKind;
  acknowledged: number;
  present: number;
  /** Acknowledged keys missing, or present with less than acknowledged (first few). */
  lost: string[];
  lostCount: number;
};

/** How many shown of the lost keys of a kind. */
const LOST_SHOWN = 10;

/** Acknowledged against present, per kind: a key is lost when absent or below its acknowledged amount. */
export function tallyWrites(ledger: Ledger, present: Present): KindTally[] {
  return WRITE_KINDS.map((kind) => {
    const acknowledged = ledger.acknowledged.get(kind) ?? new Map<string, number>();
    const found = present[kind] ?? new Map<string, number>();
    const lost: string[] = [];
    for (const [key, amount] of acknowledged) {
      const have = found.get(key);
      if (have === undefined || have < amount) lost.push(have === undefined ? key : `${key} (${have} < ${amount})`);
    }
    return {
      kind,
      acknowledged: acknowledged.size,
      present: acknowledged.size - lost.length,
      lost: lost.slice(0, LOST_SHOWN),
      lostCount: lost.length,
    };
  });
}

/** A counter that disagrees with the rows it counts (found by SQL: present.ts). */
export type CounterMismatch = { counter: string; id: number; stored: number; rows: number };

/** RSS of a process at three moments of a run, in MB. */
export type MemorySamples = { start: number; middle: number; end: number };

/**
 * Memory is flat after warm-up unless the end exceeds the middle by `factor`: the start
 * is before the caches fill, so only the second half of the run can show a leak.
 */
export function memoryIsFlat(samples: MemorySamples, factor = 1.5): boolean {
  return Number.isFinite(samples.end) && Number.isFinite(samples.middle) && samples.end <= samples.middle * factor;
}

/** Requests per second a closed loop completed: the rate this machine sustains. */
export function sustainedRate(completed: number, seconds: number): number {
  if (seconds <= 0 || completed <= 0) return 0;
  return completed / seconds;
}
