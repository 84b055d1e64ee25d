/**
 * The candidates of one search, kept in columns rather than one object each: a 90-day search has
 * tens of thousands, and the Connect route writes them straight to bytes, so it never needs the
 * objects. Callers that do want objects take {@link CandidateList.toArray}.
 *
 * @module
 */
import { orderByStart } from './sort-by-start';
import type { AvailabilityCandidate, EngineResource } from './types';

/** The slot a candidate comes from, with its resource. */
export interface CandidateSlot {
  /** The resource slot's id. */
  readonly id: string;
  /** Its resource (the capacity and the names the response shows). */
  readonly resource: EngineResource;
}

const BLOCKED = 1;
const REFUSED = 2;

// Whether a candidate can be booked (`available(i)` reads the same from the columns).
const isAvailable = (peak: number, capacity: number, blocked: boolean, refused: boolean) =>
  !blocked && !refused && peak < capacity;

/** One candidate as an object. Positional: it runs once per candidate when objects are wanted. */
export function candidateOf(
  resource: EngineResource,
  resourceSlotId: string,
  startMs: number,
  endMs: number,
  peak: number,
  blocked: boolean,
  refused: boolean,
): AvailabilityCandidate {
  const capacity = resource.maxParallelBookings;
  return {
    resourceId: resource.id,
    resourceSlotId,
    startMs,
    endMs,
    available: isAvailable(peak, capacity, blocked, refused),
    currentBookings: peak,
    remaining: Math.max(0, capacity - peak),
    maxParallelBookings: capacity,
    blocked,
  };
}

/**
 * Candidates of one search in columns. Every candidate lasts `lengthMs`. Filled in any order with
 * {@link CandidateList.push}, then put in response order once by {@link CandidateList.sortByStart}:
 * `order()[k]` is the column index of the k-th candidate. Callers read the columns, never write
 * them (they are replaced as they grow).
 */
export class CandidateList {
  /** The slots candidates refer to, by the index {@link CandidateList.addSlot} returned. */
  readonly slots: CandidateSlot[] = [];
  /** How many candidates there are. */
  length = 0;
  /** Start instants, epoch ms. */
  starts = new Float64Array(256);
  /** Index of each candidate's slot in `slots`. */
  slotIndexes = new Int32Array(256);
  /** Peak concurrent bookings of the resource over each candidate (its `currentBookings`). */
  peaks = new Int32Array(256);
  private flags = new Uint8Array(256);
  private sorted: Int32Array | undefined;

  /**
   * @param lengthMs - Every candidate's length (the appointment type's booking length).
   * @param onlyAvailable - Keep only the candidates that can be booked: {@link CandidateList.push}
   *   drops the others.
   */
  constructor(
    readonly lengthMs: number,
    readonly onlyAvailable = false,
  ) {}

  /** Adds a slot; candidates of it refer to the index returned. */
  addSlot(slot: CandidateSlot): number {
    return this.slots.push(slot) - 1;
  }

  /** Adds a candidate of slot `slotIndex` (unless it is unavailable and only available ones are kept). */
  push(slotIndex: number, startMs: number, peak: number, blocked: boolean, refused: boolean): void {
    if (
      this.onlyAvailable &&
      !isAvailable(peak, this.slots[slotIndex]!.resource.maxParallelBookings, blocked, refused)
    ) {
      return;
    }
    const at = this.length;
    if (at === this.starts.length) this.grow();
    this.starts[at] = startMs;
    this.slotIndexes[at] = slotIndex;
    this.peaks[at] = peak;
    this.flags[at] = (blocked ? BLOCKED : 0) | (refused ? REFUSED : 0);
    this.length = at + 1;
  }

  /** Whether the candidate at column `i` can be booked (see {@link AvailabilityCandidate.available}). */
  available(i: number): boolean {
    return (
      this.flags[i] === 0 && this.peaks[i]! < this.slots[this.slotIndexes[i]!]!.resource.maxParallelBookings
    );
  }

  /**
   * Orders the candidates by start, stably (candidates pushed earlier stay first among equal
   * starts); every start lies within `[rangeStartMs, rangeEndMs]`.
   */
  sortByStart(rangeStartMs: number, rangeEndMs: number): this {
    this.sorted = orderByStart(this.starts, this.length, rangeStartMs, rangeEndMs);
    return this;
  }

  /**
   * Column indexes in response order: `order()[k]` is the k-th candidate.
   *
   * @throws Error when candidates were pushed since the last {@link CandidateList.sortByStart}.
   */
  order(): Int32Array {
    if (this.sorted?.length !== this.length) throw new Error('CandidateList: sortByStart() first');
    return this.sorted;
  }

  /** The candidates as objects, in order (after {@link CandidateList.sortByStart}). */
  toArray(): AvailabilityCandidate[] {
    const order = this.order();
    const out = new Array<AvailabilityCandidate>(this.length);
    for (let k = 0; k < this.length; k++) {
      const i = order[k]!;
      const slot = this.slots[this.slotIndexes[i]!]!;
      const flags = this.flags[i]!;
      const start = this.starts[i]!;
      out[k] = candidateOf(
        slot.resource,
        slot.id,
        start,
        start + this.lengthMs,
        this.peaks[i]!,
        (flags & BLOCKED) !== 0,
        (flags & REFUSED) !== 0,
      );
    }
    return out;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.starts = grown(this.starts, new Float64Array(size));
    this.slotIndexes = grown(this.slotIndexes, new Int32Array(size));
    this.peaks = grown(this.peaks, new Int32Array(size));
    this.flags = grown(this.flags, new Uint8Array(size));
  }
}
