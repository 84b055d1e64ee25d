/**
 * The `GET /connect/availability/` body written straight to UTF-8 bytes. A 90-day search has tens
 * of thousands of candidates (17 MB of JSON on the benchmark fixture); building an object per
 * candidate and running `JSON.stringify` then encoding the string took longer than the search
 * itself. Every candidate is three byte pieces that other candidates share (see `Pieces`), so a
 * search encodes each piece once and then only copies bytes into one buffer. The output is byte for byte
 * `JSON.stringify` of one object per candidate with the contract's `AvailabilitySlot` fields in order
 * (a test holds it to that).
 *
 * @module
 */
import type { AvailabilityCandidate } from '../domain/availability';
import type { ResourceRecord } from '../ports/records';
import { isoInstant } from '../domain/iso-instant';

const json = JSON.stringify;
const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

const OPEN = utf8('{"data":[');
const CLOSE = utf8(']}');

// Tails are cached by `current * 2^16 + remaining`, a small integer (no heap number per lookup).
const CACHED_COUNT = 2 ** 14;
const REMAINING_UNIT = 2 ** 16;

const tailBytes = (slot: SlotPieces, current: number, remaining: number) =>
  utf8(`${slot.middle}${current},"remaining":${remaining}}`);

/** What one resource slot's candidates share. */
interface SlotPieces {
  /** `{"resourceId":…,"resourceSlotId":…,"startDateTime":"` */
  head: Uint8Array;
  /** The head after a separating comma. */
  nextHead: Uint8Array;
  /** `,"resourceName":…,"maxParallelBookings":N,"currentBookings":` */
  middle: string;
  /** `<middle><current>,"remaining":<remaining>}` by `current * 2^16 + remaining`. */
  tails: Map<number, Uint8Array>;
}

/**
 * The byte pieces of one search. A candidate is three pieces: its slot's head, its times and flag
 * (`<start>","endDateTime":"<end>","available":true`, shared by every resource at that start) and
 * its slot's tail for its counts.
 */
class Pieces {
  private readonly slots = new Map<string, SlotPieces>();
  private startMs = Number.NaN;
  private endMs = Number.NaN;
  private text = '';
  private available: Uint8Array | undefined;
  private taken: Uint8Array | undefined;

  constructor(private readonly resources: ReadonlyMap<string, ResourceRecord>) {}

  slot(candidate: AvailabilityCandidate): SlotPieces {
    let found = this.slots.get(candidate.resourceSlotId);
    if (found === undefined) {
      const resource = this.resources.get(candidate.resourceId)!;
      const head = `{"resourceId":${json(candidate.resourceId)},"resourceSlotId":${json(candidate.resourceSlotId)},"startDateTime":"`;
      found = {
        head: utf8(head),
        nextHead: utf8(`,${head}`),
        middle:
          `,"resourceName":${json(resource.name)},"resourceColor":${json(resource.color)},` +
          `"maxParallelBookings":${json(candidate.maxParallelBookings)},"currentBookings":`,
        tails: new Map(),
      };
      this.slots.set(candidate.resourceSlotId, found);
    }
    return found;
  }

  /**
   * Candidates come sorted by start, so only the current start's pieces are kept; each is encoded
   * when a candidate first needs it (most starts are all available or all taken).
   */
  times(candidate: AvailabilityCandidate): Uint8Array {
    const { startMs, endMs } = candidate;
    if (startMs !== this.startMs || endMs !== this.endMs) {
      this.startMs = startMs;
      this.endMs = endMs;
      this.text = `${isoInstant(startMs)}","endDateTime":"${isoInstant(endMs)}","available":`;
      this.available = undefined;
      this.taken = undefined;
    }
    if (candidate.available) return (this.available ??= utf8(`${this.text}true`));
    return (this.taken ??= utf8(`${this.text}false`));
  }

  tail(slot: SlotPieces, current: number, remaining: number): Uint8Array {
    if (current >= CACHED_COUNT || remaining >= REMAINING_UNIT) return tailBytes(slot, current, remaining);
    const key = current * REMAINING_UNIT + remaining;
    let found = slot.tails.get(key);
    if (found === undefined) slot.tails.set(key, (found = tailBytes(slot, current, remaining)));
    return found;
  }
}

/**
 * The availability response for `candidates` as UTF-8 JSON bytes.
 *
 * @param candidates - The engine's candidates, in response order.
 * @param resources - The searched resources by id (every candidate's resource is here).
 */
export function availabilityJson(
  candidates: readonly AvailabilityCandidate[],
  resources: ReadonlyMap<string, ResourceRecord>,
): Uint8Array<ArrayBuffer> {
  const pieces = new Pieces(resources);
  // One pass into a buffer sized from the first candidate (all of a search's are about as long),
  // grown by half when a longer name runs past it. Unsafe: every byte returned is written.
  let out = Buffer.allocUnsafe(OPEN.length + CLOSE.length + 1024);
  out.set(OPEN, 0);
  let at = OPEN.length;
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    const slot = pieces.slot(candidate);
    const head = i === 0 ? slot.head : slot.nextHead;
    const times = pieces.times(candidate);
    const tail = pieces.tail(slot, candidate.currentBookings, candidate.remaining);
    const length = head.length + times.length + tail.length;
    if (at + length + CLOSE.length > out.length) {
      const estimate = (candidates.length - i) * (length + 16) + CLOSE.length;
      const grown = Buffer.allocUnsafe(Math.max(at + estimate, Math.ceil(out.length * 1.5)));
      grown.set(out.subarray(0, at));
      out = grown;
    }
    // Inline on purpose: a closure that moved `at` ran the loop at half the speed.
    out.set(head, at);
    at += head.length;
    out.set(times, at);
    at += times.length;
    out.set(tail, at);
    at += tail.length;
  }
  out.set(CLOSE, at);
  return new Uint8Array(out.buffer, out.byteOffset, at + CLOSE.length) as Uint8Array<ArrayBuffer>;
}
