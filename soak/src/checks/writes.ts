/**
 * The checks of what is stored: no acknowledged write lost, no resource over capacity.
 *
 * @module
 */
import {
  iso,
  result,
  type AckedWrites,
  type CheckResult,
  type DatabaseState,
  type StoredBooking,
} from './types';

/**
 * Every acknowledged write is in the database: live bookings at their last acknowledged time,
 * deleted ones gone, leads and submissions there (with the lead and booking each submission made).
 */
export function checkLostWrites(acked: AckedWrites, db: DatabaseState): CheckResult {
  const problems: string[] = [];
  const bookings = new Map(db.bookings.map((booking) => [booking.id, booking]));
  const entries = new Set(db.entryIds);
  let checked = 0;
  for (const booking of acked.bookings) {
    if (booking.uncertain) continue;
    checked++;
    const stored = bookings.get(booking.id);
    if (booking.state === 'deleted') {
      if (stored) problems.push(`booking ${booking.id}: deleted (acknowledged) but still stored`);
    } else if (!stored) {
      problems.push(`booking ${booking.id}: acknowledged but missing`);
    } else if (stored.startMs !== booking.startMs || stored.endMs !== booking.endMs) {
      problems.push(
        `booking ${booking.id}: acknowledged at ${iso(booking.startMs)}-${iso(booking.endMs)}, ` +
          `stored at ${iso(stored.startMs)}-${iso(stored.endMs)}`,
      );
    }
  }
  for (const id of acked.entryIds) {
    checked++;
    if (!entries.has(id)) problems.push(`lead ${id}: acknowledged but missing`);
  }
  const submissions = new Map(db.submissions.map((submission) => [submission.id, submission]));
  for (const id of acked.submissionIds) {
    checked++;
    const stored = submissions.get(id);
    if (!stored) problems.push(`form submission ${id}: acknowledged but missing`);
    else if (stored.entryId && !entries.has(stored.entryId))
      problems.push(`form submission ${id}: its lead ${stored.entryId} is missing`);
    else if (stored.bookingId && !bookings.has(stored.bookingId))
      problems.push(`form submission ${id}: its booking ${stored.bookingId} is missing`);
  }
  const skipped = acked.bookings.length - acked.bookings.filter((booking) => !booking.uncertain).length;
  return result(
    'acknowledged writes lost',
    problems,
    `${problems.length} of ${checked} (${skipped} with an unanswered later write not checked)`,
  );
}

/**
 * No resource holds more overlapping bookings than its capacity at any instant (intervals are
 * half-open: one that ends when another starts does not overlap it).
 */
export function checkCapacity(
  bookings: readonly StoredBooking[],
  capacities: Readonly<Record<string, number>>,
): CheckResult {
  const problems: string[] = [];
  let counted = 0;
  for (const [resourceId, capacity] of Object.entries(capacities)) {
    const mine = bookings.filter((booking) => booking.resourceId === resourceId);
    counted += mine.length;
    // Ends sort before starts at the same instant.
    const steps = mine
      .flatMap((booking) => [
        { at: booking.startMs, delta: 1 },
        { at: booking.endMs, delta: -1 },
      ])
      .sort((a, b) => a.at - b.at || a.delta - b.delta);
    let level = 0;
    for (const step of steps) {
      level += step.delta;
      if (level > capacity) {
        problems.push(`resource ${resourceId}: ${level} bookings at ${iso(step.at)}, capacity ${capacity}`);
      }
    }
  }
  return result(
    'capacity exceeded',
    problems,
    `${problems.length} (${counted} bookings on ${Object.keys(capacities).length} resources)`,
  );
}
