/**
 * A stable sort of candidates by start instant.
 *
 * @module
 */
import { MINUTE_MS } from './local-time';

// A counting array beyond this many minutes (about 4 years) is not worth its memory.
const MAX_COUNTING_MINUTES = 2_000_000;

/**
 * Sorts `items` by `startMs`, keeping the given order among equal starts, within
 * `[rangeStartMs, rangeEndMs]`. Slot windows start on whole minutes in every zone of our time, so
 * starts are usually whole minutes: then a counting sort over the minutes of the range is linear,
 * several times faster than a comparison sort. Otherwise it falls back to the (stable) built-in sort.
 */
export function sortByStart<T extends { startMs: number }>(
  items: T[],
  rangeStartMs: number,
  rangeEndMs: number,
): T[] {
  const firstMinute = Math.floor(rangeStartMs / MINUTE_MS);
  const size = Math.floor(rangeEndMs / MINUTE_MS) - firstMinute + 1;
  const buckets = new Int32Array(items.length);
  let countable = size <= MAX_COUNTING_MINUTES;
  for (let i = 0; countable && i < items.length; i++) {
    const bucket = items[i]!.startMs / MINUTE_MS - firstMinute;
    countable = Number.isInteger(bucket) && bucket >= 0 && bucket < size;
    buckets[i] = bucket;
  }
  if (!countable) return items.sort((a, b) => a.startMs - b.startMs);

  // positions[b] becomes the index of the first item of bucket b in the output.
  const positions = new Int32Array(size + 1);
  for (let i = 0; i < items.length; i++) positions[buckets[i]! + 1]!++;
  for (let b = 0; b < size; b++) positions[b + 1]! += positions[b]!;
  const sorted = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) sorted[positions[buckets[i]!]!++] = items[i]!;
  return sorted;
}
