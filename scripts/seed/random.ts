import { hash32 } from '../../apps/server/src/modules/accounts/avatar-art.ts';
/**
 * A small, fast, seedable PRNG (sfc32) with the helpers the seed needs. Every item
 * (user 12, post 345, image 7) gets its own generator derived from the run seed and a
 * label, so an item's content does not depend on how many items came before it: the
 * demo and the million-row benchmark agree on post 345.
 */
export type Random = {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Float in [min, max). */
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
};

/** 32-bit string hash (cyrb53's low half), used to turn labels into seeds: the avatars' own. */
export { hash32 };

class Sfc32 implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number, label: string) {
    const key = `${seed}:${label}`;
    this.a = hash32(`a:${key}`);
    this.b = hash32(`b:${key}`);
    this.c = hash32(`c:${key}`);
    // The first outputs of sfc32 are correlated with the seed words; discard them.
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const choice of choices) total += choice[1];
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const take = Math.min(count, copy.length);
    // Partial Fisher–Yates: only the first `take` places are shuffled.
    for (let i = 0; i < take; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, take);
  }
}

/** A generator for `label` (e.g. `post:345`) under run seed `seed`. */
export function createRandom(seed: number, label = ''): Random {
  return new Sfc32(seed, label);
}
