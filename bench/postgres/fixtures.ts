/**
 * Seed fixtures of the PostgreSQL bench: the availability bench's standard fixture as a seed
 * fixture, and an organization with many resources for booking throughput.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import type { BookingRecord, StorageAdapter } from '@leadbook/server';
import { makeStandardFixture } from '../server/availability-baselines';
import { aMondayAYearAhead } from '../server/dates';

/** The token every bench organization accepts. */
export const BENCH_TOKEN = `service_live_${'c3'.repeat(32)}`;

/** A deterministic UUID for item `index` of kind `kind`. */
export function uuid(kind: number, index: number): string {
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/** The standard availability fixture (90 days across DST, 20 resources, 10,000 bookings). */
export function standardFixture() {
  const input = makeStandardFixture({ days: 90, resources: 20, seed: 42 });
  const ids = new Map<string, string>();
  input.resources.forEach((resource, i) => ids.set(resource.id, uuid(3, i)));
  const [calendarId, typeId] = [uuid(1, 0), uuid(2, 0)];
  const iso = (ms: number) => new Date(ms).toISOString();
  const fixture: SeedFixture = {
    organizations: [
      {
        id: 'org-bench',
        name: 'Availability bench',
        resourcePlanner: true,
        apiTokens: [{ name: 'bench', scopes: ['read', 'write'], token: BENCH_TOKEN }],
        calendars: [{ id: calendarId, name: 'Bench calendar', tzdata: input.zone }],
        appointmentTypes: [
          {
            id: typeId,
            name: 'Consultation',
            bookingLength: input.bookingLengthMinutes,
            searchLength: input.searchLengthMinutes,
          },
        ],
        resources: input.resources.map((resource) => ({
          id: ids.get(resource.id)!,
          name: resource.name,
          maxParallelBookings: resource.maxParallelBookings,
          calendarIds: [calendarId],
          appointmentTypeIds: [typeId],
        })),
        resourceSlots: input.slots.map((slot, i) => ({
          id: uuid(4, i),
          calendarId,
          resourceId: ids.get(slot.resourceId)!,
          weekday: slot.weekday,
          startTime: slot.startTime,
          endTime: slot.endTime,
          validFrom: slot.validFrom,
          validUntil: slot.validUntil,
        })),
        blockers: input.blockers.map((blocker) => ({
          calendarId,
          resourceId: blocker.resourceId === null ? null : ids.get(blocker.resourceId)!,
          startDateTime: iso(blocker.startMs),
          endDateTime: iso(blocker.endMs),
        })),
      },
    ],
  };
  /** Stores the fixture's bookings directly, in one transaction. */
  const addBookings = (storage: StorageAdapter, organizationId: string) =>
    storage.transaction(async (tx) => {
      for (const [i, booking] of input.bookings.entries()) {
        const record: BookingRecord = {
          id: uuid(5, i),
          organizationId,
          calendarId,
          name: null,
          createdAt: iso(0),
          startDateTime: iso(booking.startMs),
          endDateTime: iso(booking.endMs),
          startMs: booking.startMs,
          endMs: booking.endMs,
          tableEntryId: null,
          resourceId: ids.get(booking.resourceId)!,
          appointmentTypeId: typeId,
          resourceSlotId: null,
          calendarScheduleTypeId: null,
          calendarScheduleTypeSlotId: null,
          trigger: { source: 'console', apiTokenId: null, memberId: null },
        };
        await tx.bookings.create(record);
      }
    });
  const query = new URLSearchParams({
    calendarId,
    appointmentTypeId: typeId,
    start: iso(input.rangeStartMs),
    end: iso(input.rangeEndMs),
  });
  return { fixture, addBookings, path: `/connect/availability/?${query}`, bookings: input.bookings.length };
}

/** An organization with `resources` resources of large capacity, open around the clock. */
export function throughputFixture(resources: number) {
  const [calendarId, typeId] = [uuid(1, 1), uuid(2, 1)];
  const fixture: SeedFixture = {
    organizations: [
      {
        name: 'Booking bench',
        resourcePlanner: true,
        apiTokens: [{ name: 'bench', scopes: ['write'], token: BENCH_TOKEN }],
        calendars: [{ id: calendarId, name: 'Bench calendar', tzdata: 'UTC' }],
        appointmentTypes: [{ id: typeId, name: 'Slot', bookingLength: 30, searchLength: 30 }],
        resources: Array.from({ length: resources }, (_, r) => ({
          id: uuid(3, 100 + r),
          name: `Hall ${r}`,
          maxParallelBookings: 10_000,
          calendarIds: [calendarId],
          appointmentTypeIds: [typeId],
        })),
        resourceSlots: Array.from({ length: resources }, (_, r) =>
          [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            id: uuid(4, 1000 + r * 7 + weekday - 1),
            calendarId,
            resourceId: uuid(3, 100 + r),
            weekday,
            startTime: '00:00',
            endTime: '24:00',
          })),
        ).flat(),
      },
    ],
  };
  // A Monday a year ahead, so no booking is past and no timer falls due during the run.
  const base = aMondayAYearAhead();
  /** The body of booking `index`: resources in turn, each booking of a resource a new half hour. */
  const body = (index: number) => {
    const r = index % resources;
    const startMs = base + Math.floor(index / resources) * 30 * 60_000;
    return JSON.stringify({
      calendarId,
      appointmentTypeId: typeId,
      resourceId: uuid(3, 100 + r),
      resourceSlotId: uuid(4, 1000 + r * 7 + ((new Date(startMs).getUTCDay() + 6) % 7)),
      startDateTime: new Date(startMs).toISOString(),
      endDateTime: new Date(startMs + 30 * 60_000).toISOString(),
    });
  };
  return { fixture, body };
}
