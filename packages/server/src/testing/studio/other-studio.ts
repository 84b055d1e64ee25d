/**
 * The studio's second organization, `Other Studio`, for tenancy tests.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import { WEEKDAYS, type StudioIds, type StudioTokens } from './ids';

type Organization = SeedFixture['organizations'][number];

/** The second organization, with one of everything: what tenancy tests must never reach. */
export function otherStudio(
  ids: StudioIds,
  tokens: StudioTokens | null,
  closure: { startDateTime: string; endDateTime: string },
): Organization {
  return {
    id: ids.otherOrganization,
    name: 'Other Studio',
    apiTokens: [{ name: 'admin', scopes: ['admin'], ...(tokens ? { token: tokens.other } : {}) }],
    calendars: [{ id: ids.otherCalendar, name: 'Other', tzdata: 'Asia/Kolkata' }],
    tables: [
      {
        id: ids.otherTable,
        name: 'Other leads',
        leadStates: [{ id: ids.otherLeadState, name: 'New', category: 'new' }],
      },
    ],
    appointmentTypes: [
      { id: ids.otherAppointmentType, name: 'Other type', bookingLength: 30, searchLength: 30 },
    ],
    resources: [
      {
        id: ids.otherResource,
        name: 'Other room',
        maxParallelBookings: 2,
        calendarIds: ['Other'],
        appointmentTypeIds: ['Other type'],
      },
    ],
    resourceSlots: [
      {
        id: ids.otherResourceSlot,
        calendarId: 'Other',
        resourceId: 'Other room',
        weekday: WEEKDAYS.monday,
        startTime: '10:00',
        endTime: '11:00',
      },
    ],
    blockers: [{ id: ids.otherBlocker, calendarId: 'Other', ...closure }],
  };
}
