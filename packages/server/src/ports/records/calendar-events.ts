/**
 * The event a booking became in its resource's receiving external calendar, as stored.
 *
 * @module
 */

/**
 * What the write-back job knows of a booking's event in an external calendar, under the booking's
 * id: which link's calendar holds it, the event's id there and the time it was last written for.
 */
export interface BookingCalendarEventRecord {
  /** The booking's id (a booking has at most one event). */
  id: string;
  /** The organization. */
  organizationId: string;
  /** The receiving link whose calendar holds the event. */
  linkId: string;
  /** The adapter's id of the event (for CalDAV, the object's URL). */
  eventId: string;
  /** The start the event was written with, epoch milliseconds. */
  startMs: number;
  /** The end the event was written with, epoch milliseconds. */
  endMs: number;
  /** When the record was last written (ISO-8601). */
  updatedAt: string;
}
