/**
 * A stable order of candidates by start instant.
 *
 * @module
 */
import { MINUTE_MS } from './local-time';

// A counting array beyond this many minutes (about 4 years) is not worth its memory.
const MAX_COUNTING_MINUTES = 2_000_000;

/**
 * The indexes `0 … length - 1` ordered by `starts[i]`, keeping index order among equal starts,
 * for starts within `[rangeStartMs, rangeEndMs]`. Slot windows start on whole minutes in every zone
 * of our time, so starts are usually whole minutes: then a counting sort over the minutes of the
 * range is linear where a comparison sort is not. Otherwise it falls back to the
 * (stable) built-in sort.
 */
export function orderByStart(
  starts: Float64Array,
  length: number,
  rangeStartMs: number,
  rangeEndMs: number,
): Int32Array {
  const firstMinute = Math.floor(rangeStartMs / MINUTE_MS);
  const size = Math.floor(rangeEndMs / MINUTE_MS) - firstMinute + 1;
  const buckets = new Int32Array(length);
  let countable = size <= MAX_COUNTING_MINUTES;
  for (let i = 0; countable && i < length; i++) {
    const bucket = starts[i]! / MINUTE_MS - firstMinute;
    countable = Number.isInteger(bucket) && bucket >= 0 && bucket < size;
    buckets[i] = bucket;
  }
  if (!countable) {
    const indexes = Array.from({ length }, (_, i) => i);
    return Int32Array.from(indexes.sort((a, b) => starts[a]! - starts[b]!));
  }

  // positions[b] becomes the index of the first item of bucket b in the output.
  const positions = new Int32Array(size + 1);
  for (let i = 0; i < length; i++) positions[buckets[i]! + 1]!++;
  for (let b = 0; b < size; b++) positions[b + 1]! += positions[b]!;
  const order = new Int32Array(length);
  for (let i = 0; i < length; i++) order[positions[buckets[i]!]!++] = i;
  return order;
}
