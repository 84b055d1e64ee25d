/**
 * Video meetings of bookings: the job handlers, and what the booking units call.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import type { JobHandlers } from '../jobs';
import { meetingDeleteHandler } from './delete';
import { MEETING_DELETE_JOB_TYPE, MEETING_SYNC_JOB_TYPE } from './job';
import { meetingSyncHandler } from './sync';

export { meetingLockKey, meetingJobKey, MEETING_DELETE_JOB_TYPE, MEETING_SYNC_JOB_TYPE } from './job';
export { meetingFields, withCurrentMeeting } from './fields';
export { moveMeeting, plannedMeeting, releaseMeeting, scheduleMeeting } from './plan';
export { resumePendingMeetings } from './resume';

/** The scheduler handlers of meetings, by job type: the sync (create, move) and the delete job. */
export function meetingJobHandlers(ctx: ServiceContext): JobHandlers {
  return {
    [MEETING_SYNC_JOB_TYPE]: meetingSyncHandler(ctx),
    [MEETING_DELETE_JOB_TYPE]: meetingDeleteHandler(ctx),
  };
}
