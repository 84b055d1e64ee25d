/**
 * What the checks read: the load's exchanges and acknowledged writes, the fault windows, the
 * database's rows and the receiver's deliveries; and what a check answers.
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

/** A check's outcome: passed when there are no problems. */
export const result = (name: string, problems: string[], value: string): CheckResult => ({
  name,
  passed: problems.length === 0,
  value,
  problems,
});

/** An instant as ISO-8601, for problems. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** Adds `value` to the list of `key`. */
export function group<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
