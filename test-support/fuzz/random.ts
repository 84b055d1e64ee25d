/**
 * The fuzz test's source of randomness: a small seeded PRNG (mulberry32), so that one number
 * replays a whole run. `Math.random` is never used: a failure must be reproducible from the seed the
 * report prints.
 *
 * @module
 */

export { Random } from '../random';

/** The default seed: fixed, so CI runs the same cases every time (set the variable to explore). */
export const DEFAULT_FUZZ_SEED = 20_240_107;

/** The default number of cases per backend (the acceptance of issue 18 asks for at least 3,000). */
export const DEFAULT_FUZZ_CASES = 3_000;

/**
 * The seed of this run: `LEADBOOK_FUZZ_SEED` (a number, or `random` for a fresh one, which the
 * report prints), else {@link DEFAULT_FUZZ_SEED}.
 */
export function fuzzSeed(env: Record<string, string | undefined> = process.env): number {
  const value = env['LEADBOOK_FUZZ_SEED']?.trim();
  if (!value) return DEFAULT_FUZZ_SEED;
  // Seeding from the clock is fine here: the point of `random` is a run nobody chose.
  if (value === 'random') return (Date.now() ^ (process.pid << 16)) >>> 0;
  const seed = Number(value);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new RangeError(
      `LEADBOOK_FUZZ_SEED must be an integer from 0 to 4294967295 or "random", got ${value}`,
    );
  }
  return seed;
}

/** How many cases to run: `LEADBOOK_FUZZ_CASES`, else `fallback`. */
export function fuzzCases(
  fallback = DEFAULT_FUZZ_CASES,
  env: Record<string, string | undefined> = process.env,
): number {
  const value = env['LEADBOOK_FUZZ_CASES']?.trim();
  if (!value) return fallback;
  const cases = Number(value);
  if (!Number.isSafeInteger(cases) || cases < 1) {
    throw new RangeError(`LEADBOOK_FUZZ_CASES must be a positive integer, got ${value}`);
  }
  return cases;
}
