/**
 * A booking's meeting state and when its job is due: every write of a meeting goes through
 * {@link withMeeting}, so `meetingDueAt` (what the start-up sweep reads) never disagrees with it.
 *
 * @module
 */
import type { BookingMeetingRecord, BookingRecord } from '../../ports/records';

/** The meeting's length in whole minutes, from the booking's interval. */
export const durationOf = (booking: Pick<BookingRecord, 'startMs' | 'endMs'>) =>
  Math.ceil((booking.endMs - booking.startMs) / 60_000);

/** What the provider still needs to do for the booking, or null when it is in line. */
export function stepOf(booking: BookingRecord, meeting: BookingMeetingRecord): 'create' | 'update' | null {
  if (meeting.externalId === null) return 'create';
  const same =
    meeting.externalStartTime !== null &&
    Date.parse(meeting.externalStartTime) === booking.startMs &&
    meeting.durationMinutes === durationOf(booking);
  return same ? null : 'update';
}

/** When the job of `meeting` on `booking` is due (0: at once), or null when it needs nothing. */
function dueOf(booking: BookingRecord, meeting: BookingMeetingRecord | null): number | null {
  if (!meeting || (meeting.status !== 'pending' && meeting.status !== 'created')) return null;
  if (meeting.nextAttemptAt !== null) return meeting.nextAttemptAt;
  return stepOf(booking, meeting) === null ? null : 0;
}

/** `booking` with `meeting` as its meeting, and its `meetingDueAt` to match. */
export const withMeeting = (booking: BookingRecord, meeting: BookingMeetingRecord | null): BookingRecord => ({
  ...booking,
  meeting,
  meetingDueAt: dueOf(booking, meeting),
});
