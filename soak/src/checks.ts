/**
 * The soak's checks: pure functions from what the load saw (acknowledged writes, exchanges, fault
 * windows, webhook deliveries) and what the database holds at the end to a pass or a failure with
 * the problems found. `test/checks.test.ts` shows each one catching what it is for.
 *
 * @module
 */

/** One HTTP exchange of the load. */
export interface Exchange {
  /** The operation it was part of (`book`, `availability`, ...). */
  op: string;
  /** The instance it went to. */
  instance: string;
  /** The status, or how it failed without one. */
  outcome: number | 'connection' | 'timeout';
  startMs: number;
  endMs: number;
}

/** A time when a fault was injected: from the kill (or the restart) until the service was back. */
export interface FaultWindow {
  what: string;
  startMs: number;
  endMs: number;
}

/** A booking the load saw acknowledged (201), as the load last knows it. */
export interface AckedBooking {
  id: string;
  startMs: number;
  endMs: number;
  /** `deleted` once a DELETE was answered 204 (or 404 after an attempt that failed). */
  state: 'live' | 'deleted';
  /** A later write of it got no answer: it may or may not have happened, so it is not checked. */
  uncertain: boolean;
  /** When its deletion was acknowledged (epoch ms). */
  deletedAtMs: number | null;
}

/** Everything the load saw acknowledged. */
export interface AckedWrites {
  bookings: readonly AckedBooking[];
  /** Leads created through the Connect API and ingress webhooks. */
  entryIds: readonly string[];
  /** Form submissions (`submissionId`). */
  submissionIds: readonly string[];
}

/** A booking row at the end. */
export interface StoredBooking {
  id: string;
  resourceId: string | null;
  startMs: number;
  endMs: number;
}

/** A form submission row at the end, with what it created. */
export interface StoredSubmission {
  id: string;
  entryId: string | null;
  bookingId: string | null;
}

/** An event of the activity log. */
export interface StoredEvent {
  id: string;
  type: string;
  /** The booking of a `calendar.appointment.*` event. */
  bookingId: string | null;
  /** When it happened (epoch ms). */
  occurredAtMs: number;
}

/** What the database holds at the end. */
export interface DatabaseState {
  bookings: readonly StoredBooking[];
  entryIds: readonly string[];
  submissions: readonly StoredSubmission[];
  events: readonly StoredEvent[];
}

/** A webhook delivery the receiver verified, by `webhook-id`. */
export interface ReceivedDelivery {
  webhookId: string;
  /** The event's id (`data.id`). */
  eventId: string;
  type: string;
  /** How often this `webhook-id` arrived (retries carry the same one). */
  count: number;
}

/** The outcome of one check. */
export interface CheckResult {
  name: string;
  passed: boolean;
  /** The figure printed in the table. */
  value: string;
  /** What failed (empty when it passed). */
  problems: string[];
}

const result = (name: string, problems: string[], value: string): CheckResult => ({
  name,
  passed: problems.length === 0,
  value,
  problems,
});

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

const TIMERS = [
  { type: 'calendar.appointment.hasStarted', at: (b: { startMs: number }) => b.startMs },
  { type: 'calendar.appointment.hasEnded', at: (b: { endMs: number }) => b.endMs },
] as const;

/**
 * `hasStarted` and `hasEnded` fired exactly once for each stored booking whose time is at or before
 * `dueBy`, and not yet for the others; never for a booking whose deletion was acknowledged before
 * the time.
 */
export function checkTimers(db: DatabaseState, deleted: readonly AckedBooking[], dueBy: number): CheckResult {
  const fired = new Map<string, number>();
  for (const event of db.events) {
    if (event.bookingId)
      fired.set(`${event.type} ${event.bookingId}`, (fired.get(`${event.type} ${event.bookingId}`) ?? 0) + 1);
  }
  const count = (type: string, id: string) => fired.get(`${type} ${id}`) ?? 0;
  const problems: string[] = [];
  let due = 0;
  for (const booking of db.bookings) {
    for (const timer of TIMERS) {
      const n = count(timer.type, booking.id);
      if (timer.at(booking) <= dueBy) {
        due++;
        if (n !== 1) problems.push(`booking ${booking.id}: ${timer.type} fired ${n} times`);
      } else if (n > 0) {
        problems.push(`booking ${booking.id}: ${timer.type} fired before ${iso(timer.at(booking))}`);
      }
    }
  }
  for (const booking of deleted) {
    if (booking.state !== 'deleted' || booking.deletedAtMs === null || booking.uncertain) continue;
    for (const timer of TIMERS) {
      const n = count(timer.type, booking.id);
      if (booking.deletedAtMs < timer.at(booking) && n > 0) {
        problems.push(`booking ${booking.id}: deleted before its time, yet ${timer.type} fired ${n} times`);
      }
    }
  }
  return result(
    'hasStarted/hasEnded not fired exactly once',
    problems,
    `${problems.length} (${due} timers due on surviving bookings)`,
  );
}

/**
 * Every event of the activity log reached the receiver, as one delivery: retries carry the same
 * `webhook-id`, so deduplicating on it leaves exactly one per event. Refused signatures fail too.
 */
export function checkDeliveries(
  events: readonly StoredEvent[],
  received: readonly ReceivedDelivery[],
  refused: number,
): CheckResult {
  const byEvent = new Map<string, ReceivedDelivery[]>();
  for (const delivery of received) group(byEvent, delivery.eventId, delivery);
  const problems: string[] = [];
  for (const event of events) {
    const deliveries = byEvent.get(event.id) ?? [];
    if (deliveries.length === 0) problems.push(`event ${event.id} (${event.type}): never delivered`);
    if (deliveries.length > 1) {
      problems.push(
        `event ${event.id} (${event.type}): ${deliveries.length} deliveries with distinct webhook-ids`,
      );
    }
  }
  if (refused > 0) problems.push(`${refused} deliveries failed signature verification`);
  const repeats = received.reduce((sum, delivery) => sum + delivery.count - 1, 0);
  return result(
    'events not delivered once (by webhook-id)',
    problems,
    `${problems.length} (${events.length} events; ${repeats} repeated deliveries deduplicated)`,
  );
}

/** No request was answered with a 5xx outside the fault windows (a request overlapping one is excused). */
export function checkServerErrors(
  exchanges: readonly Exchange[],
  windows: readonly FaultWindow[],
): CheckResult {
  const errors = exchanges.filter(
    (exchange) => typeof exchange.outcome === 'number' && exchange.outcome >= 500,
  );
  const excused = (exchange: Exchange) =>
    windows.some((window) => exchange.startMs <= window.endMs && exchange.endMs >= window.startMs);
  const outside = errors.filter((exchange) => !excused(exchange));
  return result(
    '5xx outside the kill windows',
    outside.map((e) => `${e.op} on ${e.instance}: ${e.outcome} at ${iso(e.startMs)}`),
    `${outside.length} (${errors.length - outside.length} inside ${windows.length} windows)`,
  );
}

/** Idempotent retries of a booking (same `Idempotency-Key`) answered with the first booking. */
export function checkReplays(replays: number, mismatches: readonly string[]): CheckResult {
  return result(
    'Idempotency-Key replays not answering the first booking',
    [...mismatches],
    `${mismatches.length} of ${replays}`,
  );
}

/** Latency of the answered requests of one operation. */
export interface Latency {
  op: string;
  answered: number;
  p50: number;
  p99: number;
  /** Requests without an answer (connection refused or reset, timed out). */
  failures: number;
  /** Answers by status. */
  statuses: Record<number, number>;
}

/** The nearest-rank percentile `p` (0-100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50 and p99 per operation, in the order operations first appear. */
export function latencies(exchanges: readonly Exchange[]): Latency[] {
  const byOp = new Map<string, Exchange[]>();
  for (const exchange of exchanges) group(byOp, exchange.op, exchange);
  return [...byOp].map(([op, list]) => {
    const answered = list.filter((exchange) => typeof exchange.outcome === 'number');
    const durations = answered.map((exchange) => exchange.endMs - exchange.startMs).sort((a, b) => a - b);
    const statuses: Record<number, number> = {};
    for (const exchange of answered) {
      const status = exchange.outcome as number;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return {
      op,
      answered: answered.length,
      p50: percentile(durations, 50),
      p99: percentile(durations, 99),
      failures: list.length - answered.length,
      statuses,
    };
  });
}

function group<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
