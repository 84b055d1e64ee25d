/**
 * Side-by-side timing in rounds for ratios between parts that make very different garbage.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';

/** How many rounds {@link timeRounds} runs. */
export const ROUNDS = 15;

/** The timed calls of each part in a round (after one untimed call). */
export const CALLS_PER_ROUND = 6;

/** Mean milliseconds of {@link CALLS_PER_ROUND} calls of `fn`, after one untimed call. */
async function meanOf(fn: () => unknown): Promise<number> {
  await fn();
  const start = performance.now();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await fn();
  return (performance.now() - start) / CALLS_PER_ROUND;
}

/**
 * Times every part in each of {@link ROUNDS} rounds, one after the other, as the mean of a short
 * loop after one untimed call; returns one record of means per round.
 *
 * Each part's garbage is collected inside its own loop. Parts timed once each, back to back, pay
 * for each other's: the availability endpoint makes about 35 MB of ArrayBuffers a call (its
 * response and the client's copy), which brought a full collection every other run, paid by the
 * next run's engine and read. The per-run ratios then alternated near 1.9x and 0.8x, and their
 * median fell anywhere in the gap between the two.
 */
export async function timeRounds<K extends string>(
  parts: Record<K, () => unknown>,
): Promise<Array<Record<K, number>>> {
  const rounds: Array<Record<K, number>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const times = {} as Record<K, number>;
    for (const name of Object.keys(parts) as K[]) times[name] = await meanOf(parts[name]);
    rounds.push(times);
  }
  return rounds;
}
