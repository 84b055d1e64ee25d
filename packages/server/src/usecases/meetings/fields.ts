/**
 * The meeting fields of a booking response, from the stored meeting.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import type { BookingMeetingRecord, BookingRecord } from '../../ports/records';

/** The meeting fields of a booking response. */
export type MeetingFields = Pick<
  CalendarBooking,
  | 'meetingProvider'
  | 'meetingStatus'
  | 'meetingUrl'
  | 'meetingExternalId'
  | 'meetingHostUserId'
  | 'meetingPassword'
  | 'meetingExternalStartTime'
>;

/** Without a meeting: provider and status null, as before meetings existed. */
const NO_MEETING: MeetingFields = Object.freeze({ meetingProvider: null, meetingStatus: null });

/** The response fields of `meeting` (null or absent: no meeting). */
export function meetingFields(meeting: BookingMeetingRecord | null | undefined): MeetingFields {
  if (!meeting) return NO_MEETING;
  return {
    meetingProvider: meeting.provider,
    meetingStatus: meeting.status,
    meetingUrl: meeting.url,
    meetingExternalId: meeting.externalId,
    meetingHostUserId: meeting.hostUserId,
    meetingPassword: meeting.password,
    meetingExternalStartTime: meeting.externalStartTime,
  };
}

/**
 * `booking` (a response built earlier, such as a timer's payload) with the meeting fields of
 * `record` as they are now: events carry the meeting as it is when they fire.
 */
export const withCurrentMeeting = (booking: CalendarBooking, record: BookingRecord): CalendarBooking => ({
  ...booking,
  ...meetingFields(record.meeting),
});
