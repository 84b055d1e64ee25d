/**
 * The set-up of the external calendar tests: a studio whose `memory` provider hands out in-memory
 * calendars by the `name` in a link's connection, on a manual clock, with a capturing logger, and
 * the coach's availability search and booking on the test Monday.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { AvailabilityResponseSchema } from '@leadbook/contract';
import {
  createInMemoryExternalCalendar,
  createManualClock,
  type ConnectServiceOptions,
  type InMemoryExternalCalendar,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { expect } from 'vitest';
import { day, NOW } from '../../../../test-support/time';
import { createHarness, type Harness } from '../harness';
import { capturingLogger } from './log-scan';

// The Monday after the test epoch: the coach's Berlin window 09:00-12:00 is 08:00Z-11:00Z, and
// the trial is an hour long on a 15-minute grid.
export const MONDAY = day(1);
export const at = (time: string) => `${MONDAY}T${time}:00.000Z`;
export const ms = (time: string) => Date.parse(at(time));
export const PASSWORD = `pw-${randomBytes(12).toString('hex')}`;
export const CALENDAR_URL = 'https://dav.example.com/coach/private-calendar-7f3a/';

type CalendarOptions = Partial<NonNullable<ConnectServiceOptions['externalCalendars']>>;

/** The calendars a test's provider hands out, by the `name` in a link's connection. */
const calendars = new Map<string, InMemoryExternalCalendar>();

/** A new in-memory calendar that links naming `name` reach. */
export const calendar = (name: string) => {
  const made = createInMemoryExternalCalendar();
  calendars.set(name, made);
  return made;
};

/** Service options with the `memory` provider and a fresh key, on a manual clock. */
export const calendarOptions = (extra: CalendarOptions = {}) => {
  const clock = createManualClock(NOW);
  const { logger, lines } = capturingLogger();
  const service: ConnectServiceOptions = {
    clock,
    logger,
    externalCalendars: {
      providers: {
        memory: (connection) => {
          const found = calendars.get(String(connection['name']));
          if (!found) throw new TypeError(`no calendar named ${String(connection['name'])}`);
          return found;
        },
      },
      encryptionKeys: [{ id: 'k1', key: randomBytes(32) }],
      ...extra,
    },
  };
  return { service, clock, lines };
};

let current: Harness | undefined;

/** A harness closed by {@link closeCalendarStudio}. */
export async function openHarness(options: ConnectServiceOptions): Promise<Harness> {
  current = await createHarness('fetch', options);
  return current;
}

/** Closes the open harness and forgets the calendars (call it after each test). */
export async function closeCalendarStudio(): Promise<void> {
  await current?.close();
  current = undefined;
  calendars.clear();
}

/** The Monday's Connect availability of the trial in Berlin (`query` adds to it). */
export function availability(h: Harness, query: Record<string, string> = {}) {
  return h.call(
    'GET',
    `/connect/availability/?${new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${MONDAY}T00:00:00Z`,
      end: `${MONDAY}T23:00:00Z`,
      ...query,
    })}`,
    { token: TOKEN.read },
  );
}

/** The coach's slots of the Monday: start time (`HH:MM`, UTC) to availability. */
export async function coachSlots(h: Harness): Promise<Map<string, boolean>> {
  const res = await availability(h, { resourceId: ID.resourceCoach });
  expect(res.status).toBe(200);
  const { data } = AvailabilityResponseSchema.parse(res.json);
  return new Map(data.map((slot) => [slot.startDateTime.slice(11, 16), slot.available]));
}

/** A service with external calendars, and the coach's link, search and booking calls. */
export async function startCalendarStudio(extra: CalendarOptions = {}, more: ConnectServiceOptions = {}) {
  const made = calendarOptions(extra);
  const harness = await openHarness({ ...made.service, ...more });
  const link = (name: string, fields: Record<string, unknown> = {}) =>
    harness.service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'memory',
      label: 'Coach work',
      connection: { name, url: CALENDAR_URL, password: PASSWORD },
      ...fields,
    });
  const book = (start: string, end: string) =>
    harness.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: {
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        resourceId: ID.resourceCoach,
        startDateTime: at(start),
        endDateTime: at(end),
      },
    });
  return { ...made, harness, link, search: () => coachSlots(harness), book };
}
