/**
 * The booking fixture: one organization with `resources` rooms of large capacity, open around the
 * clock, and the body of its `index`-th booking: rooms in turn, each room's bookings consecutive
 * half hours from a Monday a year ahead (so no booking is past and no timer falls due in a run).
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';

/** The token of the bench organization (write scope). */
export const BOOKING_TOKEN = `service_live_${'c3'.repeat(32)}`;

/** Headers of a booking request. */
export const BOOKING_HEADERS = {
  authorization: `Bearer ${BOOKING_TOKEN}`,
  'content-type': 'application/json',
};

const DAY_MS = 86_400_000;
const HALF_HOUR_MS = 30 * 60_000;
const id = (kind: number, index: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

/** A UTC Monday 00:00 at least a year after `nowMs`. */
function aMondayAYearAfter(nowMs: number): number {
  const day = Math.floor((nowMs + 366 * DAY_MS) / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday; Monday is 4 days later.
  return (day + ((((4 - day) % 7) + 7) % 7)) * DAY_MS;
}

/** The seed fixture and the booking bodies; `nowMs` is the service clock's time. */
export function bookingFixture(resources: number, nowMs = Date.now()) {
  const [calendarId, typeId] = [id(1, 1), id(2, 1)];
  const room = (r: number) => id(3, 100 + r);
  const slot = (r: number, weekday: number) => id(4, 1000 + r * 7 + weekday - 1);
  const fixture: SeedFixture = {
    organizations: [
      {
        name: 'Booking bench',
        resourcePlanner: true,
        apiTokens: [{ name: 'bench', scopes: ['write'], token: BOOKING_TOKEN }],
        calendars: [{ id: calendarId, name: 'Bench calendar', tzdata: 'UTC' }],
        appointmentTypes: [{ id: typeId, name: 'Slot', bookingLength: 30, searchLength: 30 }],
        resources: Array.from({ length: resources }, (_, r) => ({
          id: room(r),
          name: `Hall ${r}`,
          maxParallelBookings: 10_000,
          calendarIds: [calendarId],
          appointmentTypeIds: [typeId],
        })),
        resourceSlots: Array.from({ length: resources }, (_, r) =>
          [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            id: slot(r, weekday),
            calendarId,
            resourceId: room(r),
            weekday,
            startTime: '00:00',
            endTime: '24:00',
          })),
        ).flat(),
      },
    ],
  };
  const base = aMondayAYearAfter(nowMs);
  const body = (index: number) => {
    const r = index % resources;
    const startMs = base + Math.floor(index / resources) * HALF_HOUR_MS;
    return JSON.stringify({
      calendarId,
      appointmentTypeId: typeId,
      resourceId: room(r),
      resourceSlotId: slot(r, ((new Date(startMs).getUTCDay() + 6) % 7) + 1),
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(startMs + HALF_HOUR_MS).toISOString(),
    });
  };
  return { fixture, body };
}
