/**
 * What the load saw acknowledged, as it goes: the bookings it made (and their later writes), the
 * leads and the form submissions. One write at a time per booking: an operation takes a booking
 * with `take` and gives it back with `release`, so the last acknowledged state is well defined.
 *
 * @module
 */
import type { AckedBooking, AckedWrites } from './checks';

/** Which organization a booking belongs to: the planner's rooms, or the legacy desk (near bookings). */
export type BookingKind = 'planner' | 'near';

interface Tracked extends AckedBooking {
  kind: BookingKind;
  busy: boolean;
}

/** The acknowledged writes of one run. */
export interface Ledger {
  /** A booking answered 201. */
  booked(kind: BookingKind, booking: { id: string; startDateTime: string; endDateTime: string }): void;
  /** A live booking of `kind` that no operation holds, chosen by `pick`, now held; undefined if none. */
  take(
    kind: BookingKind,
    pick: (count: number) => number,
    accept?: (b: AckedBooking) => boolean,
  ): AckedBooking | undefined;
  /** Gives a booking back. */
  release(id: string): void;
  /** Its reschedule was answered 200 with these times. */
  moved(id: string, startDateTime: string, endDateTime: string): void;
  /** Its deletion was acknowledged at `atMs`. */
  deleted(id: string, atMs: number): void;
  /** A write of it got no answer: its state is unknown from here on. */
  unsure(id: string): void;
  /** A lead answered 2xx. */
  entry(id: string): void;
  /** A form submission answered 200. */
  submission(id: string): void;
  /** A random acknowledged lead id, for linking a booking; undefined if none. */
  someEntry(pick: (count: number) => number): string | undefined;
  /** The snapshot the checks read. */
  snapshot(): AckedWrites;
}

/** An empty ledger. */
export function createLedger(): Ledger {
  const bookings = new Map<string, Tracked>();
  const entryIds: string[] = [];
  const submissionIds: string[] = [];
  const get = (id: string) => {
    const booking = bookings.get(id);
    if (!booking) throw new Error(`unknown booking ${id}`);
    return booking;
  };
  return {
    booked(kind, booking) {
      if (bookings.has(booking.id)) return;
      bookings.set(booking.id, {
        id: booking.id,
        kind,
        startMs: Date.parse(booking.startDateTime),
        endMs: Date.parse(booking.endDateTime),
        state: 'live',
        uncertain: false,
        deletedAtMs: null,
        busy: false,
      });
    },
    take(kind, pick, accept = () => true) {
      const free = [...bookings.values()].filter(
        (b) => b.kind === kind && b.state === 'live' && !b.uncertain && !b.busy && accept(b),
      );
      if (free.length === 0) return undefined;
      const booking = free[pick(free.length)]!;
      booking.busy = true;
      return booking;
    },
    release: (id) => void (get(id).busy = false),
    moved(id, startDateTime, endDateTime) {
      const booking = get(id);
      booking.startMs = Date.parse(startDateTime);
      booking.endMs = Date.parse(endDateTime);
    },
    deleted(id, atMs) {
      const booking = get(id);
      booking.state = 'deleted';
      booking.deletedAtMs = atMs;
    },
    unsure: (id) => void (get(id).uncertain = true),
    entry: (id) => void entryIds.push(id),
    submission: (id) => void submissionIds.push(id),
    someEntry: (pick) => (entryIds.length === 0 ? undefined : entryIds[pick(entryIds.length)]),
    snapshot: () => ({
      bookings: [...bookings.values()].map(({ kind: _kind, busy: _busy, ...booking }) => booking),
      entryIds: [...entryIds],
      submissionIds: [...submissionIds],
    }),
  };
}
