/**
 * The `GET /connect/availability/` body written straight to UTF-8 bytes. A 90-day search has tens
 * of thousands of candidates (megabytes of JSON); building an object per candidate and running
 * `JSON.stringify` then encoding the string takes longer than the search itself. The engine hands
 * over its columns (no object per candidate), and every candidate is three byte pieces that other
 * candidates share (see `Pieces`), so a search encodes each piece once and then only copies bytes,
 * a chunk of up to a megabyte at a time, as the response is sent.
 * The output is byte for byte `JSON.stringify` of one object per candidate with the contract's
 * `AvailabilitySlot` fields in order (a test holds it to that).
 *
 * @module
 */
import type { CandidateList, CandidateSlot } from '../../domain/availability';
import { ISO_INSTANT_LENGTH, writeIsoInstant } from '../../domain/iso-instant';

const json = JSON.stringify;
const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const iso = (ms: number) => new Date(ms).toISOString();

const OPEN_TEXT = '{"data":[';
const OPEN = utf8(OPEN_TEXT);
const CLOSE = utf8(']}');

// Tails are kept by `currentBookings` below this; a larger peak (a resource far over its capacity)
// is encoded each time.
const CACHED_COUNT = 2 ** 12;

/** What one resource slot's candidates share. */
interface SlotPieces {
  /** The body's opening, then `{"resourceId":…,"resourceSlotId":…,"startDateTime":"`: the first candidate's head. */
  head: Uint8Array;
  /** The head after a separating comma. */
  nextHead: Uint8Array;
  /** `,"resourceName":…,"maxParallelBookings":N,"currentBookings":` */
  middle: string;
  capacity: number;
  /** `,"unavailableReason":"…"` when the slot's resource has one (an external calendar failed), else empty. */
  reason: string;
  /** `<middle><current>,"remaining":<remaining><reason>}` by `current` (remaining follows from it). */
  tails: Uint8Array[];
}

// The times piece of an instant from 1970 to 9999: `<start>","endDateTime":"<end>","available":`
// then `true` or `false`, with both instants at fixed places.
const END_AT = ISO_INSTANT_LENGTH + '","endDateTime":"'.length;
const FLAG_AT = END_AT + ISO_INSTANT_LENGTH + '","available":'.length;
const timesTemplate = (flag: string) =>
  utf8(
    `${'0'.repeat(ISO_INSTANT_LENGTH)}","endDateTime":"${'0'.repeat(ISO_INSTANT_LENGTH)}","available":${flag}`,
  );

const tailBytes = (slot: SlotPieces, current: number) =>
  utf8(`${slot.middle}${current},"remaining":${Math.max(0, slot.capacity - current)}${slot.reason}}`);

/**
 * The byte pieces of one search. A candidate is three pieces: its slot's head, its times and flag
 * (`<start>","endDateTime":"<end>","available":true`, shared by every resource at that start) and
 * its slot's tail for its count.
 */
class Pieces {
  // Packed from the start: slots first appear out of index order, which would make a growing
  // array sparse (a dictionary) and every lookup a hash probe.
  private readonly slots: Array<SlotPieces | null>;
  private startMs = Number.NaN;
  // The current start's pieces: the templates below with its instants written in, or encoded text.
  private available: Uint8Array = OPEN;
  private taken: Uint8Array = OPEN;
  private readonly availableTemplate = timesTemplate('true');
  private readonly takenTemplate = timesTemplate('false');

  constructor(
    slotCount: number,
    private readonly lengthMs: number,
    private readonly reasons: ReadonlyMap<string, string> | undefined,
  ) {
    this.slots = new Array<SlotPieces | null>(slotCount).fill(null);
  }

  slot(index: number, of: CandidateSlot): SlotPieces {
    let found = this.slots[index]!;
    if (found === null) {
      const { resource } = of;
      const head = `{"resourceId":${json(resource.id)},"resourceSlotId":${json(of.id)},"startDateTime":"`;
      const capacity = resource.maxParallelBookings;
      found = {
        head: utf8(`${OPEN_TEXT}${head}`),
        nextHead: utf8(`,${head}`),
        middle:
          `,"resourceName":${json(resource.name)},"resourceColor":${json(resource.color)},` +
          `"maxParallelBookings":${json(capacity)},"currentBookings":`,
        capacity,
        reason: this.reasons?.has(resource.id)
          ? `,"unavailableReason":${json(this.reasons.get(resource.id))}`
          : '',
        tails: [],
      };
      this.slots[index] = found;
    }
    return found;
  }

  /**
   * Candidates come sorted by start, so only the current start's pieces are kept. Its instants are
   * written into two fixed templates (no string per start); instants outside 1970 to 9999 are rare
   * enough to go through text.
   */
  times(startMs: number, available: boolean): Uint8Array {
    if (startMs !== this.startMs) this.start(startMs);
    return available ? this.available : this.taken;
  }

  private start(startMs: number): void {
    this.startMs = startMs;
    const endMs = startMs + this.lengthMs;
    const yes = this.availableTemplate;
    const no = this.takenTemplate;
    if (writeIsoInstant(yes, 0, startMs) && writeIsoInstant(yes, END_AT, endMs)) {
      no.set(yes.subarray(0, FLAG_AT));
      this.available = yes;
      this.taken = no;
    } else {
      const text = `${iso(startMs)}","endDateTime":"${iso(endMs)}","available":`;
      this.available = utf8(`${text}true`);
      this.taken = utf8(`${text}false`);
    }
  }

  tail(slot: SlotPieces, current: number): Uint8Array {
    if (current >= CACHED_COUNT) return tailBytes(slot, current);
    return (slot.tails[current] ??= tailBytes(slot, current));
  }
}

/** The largest chunk {@link availabilityJson} writes, unless one candidate is longer. */
export const AVAILABILITY_CHUNK_BYTES = 2 ** 20;

/**
 * The availability response for `candidates` as UTF-8 JSON bytes, in chunks of at most
 * `chunkBytes` (a candidate is never split), each written when it is asked for. Made a chunk at a
 * time as the client reads, a long search's body never sits in memory whole, and each chunk is
 * garbage young, before the next collection, instead of the whole body surviving into the old
 * generation.
 *
 * @param candidates - The engine's candidates, sorted (response order); names and colours come
 *   from their slots' resources.
 * @param chunkBytes - The chunk size; tests make it small to cut the body in many places.
 * @param reasons - The `unavailableReason` of every candidate of a resource, by resource id (a
 *   resource whose external calendar failed); candidates of other resources have none.
 */
export function* availabilityJson(
  candidates: CandidateList,
  chunkBytes = AVAILABILITY_CHUNK_BYTES,
  reasons?: ReadonlyMap<string, string>,
): Generator<Uint8Array<ArrayBuffer>, void, undefined> {
  const pieces = new Pieces(candidates.slots.length, candidates.lengthMs, reasons);
  const { slots, starts, slotIndexes, peaks } = candidates;
  const order = candidates.order();
  if (order.length === 0) return yield view(Buffer.concat([OPEN, CLOSE]), OPEN.length + CLOSE.length);
  // Each chunk is sized from the candidate that opens it (all of a search's are about as long), up
  // to `chunkBytes`: a search that fits is one chunk. Unsafe: every byte returned is written. No
  // closure touches `out` or `at`, which keeps them plain locals V8 can optimise.
  let out = Buffer.allocUnsafe(0);
  let at = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const index = slotIndexes[i]!;
    const slot = pieces.slot(index, slots[index]!);
    const head = k === 0 ? slot.head : slot.nextHead;
    const times = pieces.times(starts[i]!, candidates.available(i));
    const tail = pieces.tail(slot, peaks[i]!);
    const length = head.length + times.length + tail.length;
    if (at + length > out.length) {
      if (at > 0) yield view(out, at);
      const remaining = (order.length - k) * (length + 16) + CLOSE.length;
      out = Buffer.allocUnsafe(Math.max(length, Math.min(chunkBytes, remaining)));
      at = 0;
    }
    out.set(head, at);
    at += head.length;
    out.set(times, at);
    at += times.length;
    out.set(tail, at);
    at += tail.length;
  }
  if (at + CLOSE.length > out.length) {
    if (at > 0) yield view(out, at);
    out = Buffer.allocUnsafe(CLOSE.length);
    at = 0;
  }
  out.set(CLOSE, at);
  yield view(out, at + CLOSE.length);
}

/** The first `length` bytes of `buffer`. */
const view = (buffer: Buffer, length: number) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, length) as Uint8Array<ArrayBuffer>;
