/**
 * The `GET /connect/availability/` body written straight to UTF-8 bytes. A 90-day search has tens
 * of thousands of candidates (17 MB of JSON on the benchmark fixture); building an object per
 * candidate and running `JSON.stringify` then encoding the string took longer than the search
 * itself. Every candidate is four byte pieces that other candidates share (see `Pieces`), so a
 * search encodes each piece once and then only copies bytes. The output is byte for byte
 * `JSON.stringify` of one object per candidate with the contract's `AvailabilitySlot` fields in order
 * (a test holds it to that).
 *
 * @module
 */
import type { AvailabilityCandidate } from '../domain/availability';
import type { ResourceRecord } from '../ports/records';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
const json = JSON.stringify;
const iso = (ms: number) => new Date(ms).toISOString();

const OPEN = bytes('{"data":[');
const CLOSE = bytes(']}');

const timesBytes = (startMs: number, endMs: number) =>
  bytes(`${iso(startMs)}","endDateTime":"${iso(endMs)}","available":`);
const AVAILABLE = bytes('true');
const TAKEN = bytes('false');

const tailBytes = (slot: SlotPieces, current: number, remaining: number) =>
  bytes(`${slot.middle}${current},"remaining":${remaining}}`);

/** What one resource slot's candidates share. */
interface SlotPieces {
  /** `{"resourceId":…,"resourceSlotId":…,"startDateTime":"` */
  head: Uint8Array;
  /** The head after a separating comma. */
  nextHead: Uint8Array;
  /** `,"resourceName":…,"maxParallelBookings":N,"currentBookings":` */
  middle: string;
  /** `<middle><current>,"remaining":<remaining>}` by `current * 2^32 + remaining`. */
  tails: Map<number, Uint8Array>;
}

/**
 * The byte pieces of one search. A candidate is its slot's head, its times
 * (`<start>","endDateTime":"<end>","available":`, shared by every resource at that start), its
 * flag (`true` or `false`) and its slot's tail for its counts.
 */
class Pieces {
  private readonly slots = new Map<string, SlotPieces>();
  private startMs = Number.NaN;
  private endMs = Number.NaN;
  private current: Uint8Array | undefined;

  constructor(private readonly resources: ReadonlyMap<string, ResourceRecord>) {}

  slot(candidate: AvailabilityCandidate): SlotPieces {
    let found = this.slots.get(candidate.resourceSlotId);
    if (found === undefined) {
      const resource = this.resources.get(candidate.resourceId)!;
      const head = `{"resourceId":${json(candidate.resourceId)},"resourceSlotId":${json(candidate.resourceSlotId)},"startDateTime":"`;
      found = {
        head: bytes(head),
        nextHead: bytes(`,${head}`),
        middle:
          `,"resourceName":${json(resource.name)},"resourceColor":${json(resource.color)},` +
          `"maxParallelBookings":${json(candidate.maxParallelBookings)},"currentBookings":`,
        tails: new Map(),
      };
      this.slots.set(candidate.resourceSlotId, found);
    }
    return found;
  }

  /** Candidates come sorted by start, so only the current start's piece is kept. */
  times(candidate: AvailabilityCandidate): Uint8Array {
    const { startMs, endMs } = candidate;
    if (startMs !== this.startMs || endMs !== this.endMs) {
      this.startMs = startMs;
      this.endMs = endMs;
      this.current = timesBytes(startMs, endMs);
    }
    return this.current!;
  }

  tail(slot: SlotPieces, current: number, remaining: number): Uint8Array {
    // Counts are small integers; the key stays exact (below 2^53) for any current below 2^21.
    if (current >= 2 ** 21 || remaining >= 2 ** 32) return tailBytes(slot, current, remaining);
    const key = current * 2 ** 32 + remaining;
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
  // Grown by push: an array made with `new Array(n)` for n of 100,000 or more starts in V8's
  // dictionary mode, where every store is a hash-table insert.
  const chosen: Uint8Array[] = [];
  let size = OPEN.length + CLOSE.length;
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i]!;
    const slot = pieces.slot(candidate);
    const head = i === 0 ? slot.head : slot.nextHead;
    const times = pieces.times(candidate);
    const flag = candidate.available ? AVAILABLE : TAKEN;
    const tail = pieces.tail(slot, candidate.currentBookings, candidate.remaining);
    chosen.push(head, times, flag, tail);
    size += head.length + times.length + flag.length + tail.length;
  }
  const out = new Uint8Array(size);
  out.set(OPEN, 0);
  let at = OPEN.length;
  for (const piece of chosen) {
    out.set(piece, at);
    at += piece.length;
  }
  out.set(CLOSE, at);
  return out;
}
