/**
 * The soak's seeded random choices, on pure-rand's xoroshiro128+: one seed replays the same
 * sequence of operations, targets and faults (their timing still depends on the machine).
 *
 * @module
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded stream of random choices. */
export interface Random {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A key of `weights`, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

/** A stream seeded with `seed`; streams of distinct seeds are independent. */
export function createRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed);
  const float = () => uniformFloat64(rng);
  const random: Random = {
    int: (min, max) => uniformInt(rng, min, max),
    chance: (p) => float() < p,
    pick: (items) => items[uniformInt(rng, 0, items.length - 1)]!,
    weighted(weights) {
      const entries = Object.entries(weights) as Array<[keyof typeof weights, number]>;
      let at = float() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [key, weight] of entries) {
        at -= weight;
        if (at < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
  return random;
}
