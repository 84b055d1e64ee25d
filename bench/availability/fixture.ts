/**
 * The standard availability fixture: `resources` rooms of capacity 2 in America/New_York, 5
 * windows a day Monday to Saturday (odd rooms 30 minutes later), bookings of 15-90 minutes (a
 * fifth off the 15-minute grid), 12 blockers (a third calendar-wide), booking length 30, search
 * length 15, over `days` days centred on the US DST change of 2026-03-08. Made as plain data the
 * baselines read, and as a seed fixture plus booking records the service reads.
 *
 * @module
 */
import { DateTime } from 'luxon';
import type { SeedFixture } from '@leadbook/contract';
import type { BookingRecord } from '@leadbook/server';

/** The fixture as plain data (ids are UUIDs, so the same ids go into the service). */
export type Fixture = ReturnType<typeof makeFixture>;
/** One resource slot: a weekly window of a room. */
export type Slot = Fixture['slots'][number];

/** A deterministic UUID for item `index` of kind `kind`. */
export const uuid = (kind: number, index: number): string =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

/** The calendar and appointment type of the seeded fixture. */
export const CALENDAR_ID = uuid(1, 0);
export const TYPE_ID = uuid(2, 0);
const ZONE = 'America/New_York';
const WINDOWS = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['13:00', '15:00'],
  ['15:00', '17:30'],
  ['18:00', '20:00'],
] as const;

/** mulberry32: small, fast and deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const shifted = (time: string, minutes: number) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The fixture; bookings default to 10,000 for 90 days and 20 rooms, scaled by days x rooms. */
export function makeFixture(options: { days: number; resources: number; seed: number; bookings?: number }) {
  const random = prng(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const firstDay = DateTime.fromISO('2026-03-08', { zone: ZONE }).minus({
    days: Math.floor(options.days / 2),
  });
  const resources: Array<{ id: string; name: string; maxParallelBookings: number }> = [];
  const slots: Array<{
    id: string;
    resourceId: string;
    weekday: number;
    startTime: string;
    endTime: string;
    validFrom: string | null;
    validUntil: string | null;
  }> = [];
  for (let r = 0; r < options.resources; r++) {
    const id = uuid(3, r);
    resources.push({ id, name: `Room ${r}`, maxParallelBookings: 2 });
    for (let weekday = 1; weekday <= 6; weekday++) {
      WINDOWS.forEach(([start, end], w) => {
        slots.push({
          id: uuid(4, slots.length),
          resourceId: id,
          weekday,
          startTime: shifted(start, (r % 2) * 30),
          endTime: shifted(end, (r % 2) * 30),
          // A few slots start late or end early, so validity dates take part.
          validFrom: w === 0 && r % 3 === 1 ? firstDay.plus({ days: 5 }).toISODate() : null,
          validUntil: w === 4 && r % 3 === 2 ? firstDay.plus({ days: 9 }).toISODate() : null,
        });
      });
    }
  }
  const count = options.bookings ?? Math.round((10_000 * options.days * options.resources) / (90 * 20));
  const bookings: Array<{ resourceId: string; startMs: number; endMs: number }> = [];
  for (let i = 0; i < count; i++) {
    const r = Math.floor(random() * options.resources);
    const [windowStart] = pick(WINDOWS);
    const offGrid = random() < 0.2 ? pick([5, 10]) : 0;
    const day = firstDay.plus({ days: Math.floor(random() * options.days) }).toISODate();
    const start = DateTime.fromISO(`${day}T${shifted(windowStart, (r % 2) * 30)}`, { zone: ZONE }).plus({
      minutes: Math.floor(random() * 8) * 15 + offGrid,
    });
    const end = start.plus({ minutes: pick([15, 30, 45, 60, 90]) });
    bookings.push({ resourceId: resources[r]!.id, startMs: start.toMillis(), endMs: end.toMillis() });
  }
  // `resourceId` null: the whole calendar.
  const blockers: Array<{ resourceId: string | null; startMs: number; endMs: number }> = [];
  for (let i = 0; i < 12; i++) {
    const start = firstDay.plus({
      days: Math.floor(random() * options.days),
      hours: 8 + Math.floor(random() * 10),
    });
    blockers.push({
      resourceId: i % 3 === 0 ? null : resources[Math.floor(random() * options.resources)]!.id,
      startMs: start.toMillis(),
      endMs: start.plus({ hours: 1 + Math.floor(random() * 47) }).toMillis(),
    });
  }
  const rangeStartMs = firstDay.toMillis();
  const rangeEndMs = firstDay.plus({ days: options.days }).toMillis();
  return {
    zone: ZONE,
    rangeStartMs,
    rangeEndMs,
    bookingMinutes: 30,
    searchMinutes: 15,
    resources,
    slots,
    bookings,
    blockers,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The fixture as one organization to seed, with `token` a read and write API token. */
export function seedOf(fixture: Fixture, token: string): SeedFixture {
  const mapped = { calendarIds: [CALENDAR_ID], appointmentTypeIds: [TYPE_ID] };
  return {
    organizations: [
      {
        id: 'org-bench',
        name: 'Availability bench',
        resourcePlanner: true,
        apiTokens: [{ name: 'bench', scopes: ['read', 'write'], token }],
        calendars: [{ id: CALENDAR_ID, name: 'Bench calendar', tzdata: fixture.zone }],
        appointmentTypes: [
          {
            id: TYPE_ID,
            name: 'Consultation',
            bookingLength: fixture.bookingMinutes,
            searchLength: fixture.searchMinutes,
          },
        ],
        resources: fixture.resources.map((resource) => ({ ...resource, ...mapped })),
        resourceSlots: fixture.slots.map((slot) => ({ ...slot, calendarId: CALENDAR_ID })),
        blockers: fixture.blockers.map((b) => ({
          calendarId: CALENDAR_ID,
          resourceId: b.resourceId,
          startDateTime: iso(b.startMs),
          endDateTime: iso(b.endMs),
        })),
      },
    ],
  };
}

/**
 * The fixture's bookings as records, to store with `tx.bookings.create` (the booking API refuses
 * the off-grid ones, which the fixture has on purpose).
 */
export function bookingRecords(fixture: Fixture, organizationId: string): BookingRecord[] {
  return fixture.bookings.map((b, i) => ({
    id: uuid(5, i),
    organizationId,
    calendarId: CALENDAR_ID,
    name: null,
    createdAt: iso(0),
    startDateTime: iso(b.startMs),
    endDateTime: iso(b.endMs),
    startMs: b.startMs,
    endMs: b.endMs,
    tableEntryId: null,
    resourceId: b.resourceId,
    appointmentTypeId: TYPE_ID,
    resourceSlotId: null,
    calendarScheduleTypeId: null,
    calendarScheduleTypeSlotId: null,
    trigger: { source: 'console', apiTokenId: null, memberId: null },
  }));
}

/** The availability search of the whole fixture, as a Connect API path. */
export function searchPath(fixture: Fixture): string {
  const query = new URLSearchParams({
    calendarId: CALENDAR_ID,
    appointmentTypeId: TYPE_ID,
    start: iso(fixture.rangeStartMs),
    end: iso(fixture.rangeEndMs),
  });
  return `/connect/availability/?${query}`;
}
