/**
 * Write-back of bookings to their resources' receiving external calendars: the job handlers, and
 * what the booking units call.
 *
 * @module
 */
import type { ServiceContext } from '../../core/context';
import type { JobHandlers } from '../jobs';
import { calendarEventDeleteHandler } from './delete';
import { CALENDAR_EVENT_DELETE_JOB_TYPE, CALENDAR_EVENT_SYNC_JOB_TYPE } from './job';
import { calendarEventSyncHandler } from './sync';

export {
  CALENDAR_EVENT_DELETE_JOB_TYPE,
  CALENDAR_EVENT_SYNC_JOB_TYPE,
  WRITEBACK_MAX_ATTEMPTS,
  writebackRetryDelayMs,
} from './job';
export { moveCalendarEvent, releaseCalendarEvent, scheduleCalendarEvent } from './plan';

/** The scheduler handlers of the write-back, by job type. */
export function calendarEventJobHandlers(ctx: ServiceContext): JobHandlers {
  return {
    [CALENDAR_EVENT_SYNC_JOB_TYPE]: calendarEventSyncHandler(ctx),
    [CALENDAR_EVENT_DELETE_JOB_TYPE]: calendarEventDeleteHandler(ctx),
  };
}
