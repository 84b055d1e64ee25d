/**
 * Side-by-side measurement: every side runs once untimed, then in each round every side is
 * measured once, back to back, in an order rotated per round. On a shared machine speed drifts by
 * tens of percent within a minute; the ratio of two adjacent measurements drifts far less, so
 * figures are medians of per-round ratios.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';

/** The rounds of the HTTP and booking comparisons: BENCH_ROUNDS, default 5. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * Measures each side (a function resolving with its measurement, such as requests per second)
 * once untimed, then `rounds` times interleaved; returns each side's per-round measurements.
 */
export async function interleave<K extends string>(
  sides: Record<K, () => Promise<number>>,
  rounds = ROUNDS,
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  for (const name of names) await sides[name]();
  const out = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      out[name].push(await sides[name]());
    }
  }
  return out;
}

/**
 * A side that times `calls` sequential calls of `fn` (after one untimed call) and resolves with
 * the mean milliseconds of a call. A short loop keeps each side's garbage collection inside its
 * own timing, rather than charging it to whichever side runs next.
 */
export function meanMs(fn: () => unknown, calls: number): () => Promise<number> {
  return async () => {
    await fn();
    const start = performance.now();
    for (let i = 0; i < calls; i++) await fn();
    return (performance.now() - start) / calls;
  };
}

/** A side that runs `count` sequential calls of `fn` and resolves with calls per second. */
export function ratePerSecond(fn: () => Promise<unknown>, count: number): () => Promise<number> {
  return async () => {
    const start = performance.now();
    for (let i = 0; i < count; i++) await fn();
    return count / ((performance.now() - start) / 1000);
  };
}
