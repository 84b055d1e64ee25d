/**
 * A studio service whose coach's bookings are written back to an in-memory external calendar,
 * on fake timers, for the write-back suite.
 */
import { randomBytes } from 'node:crypto';
import type { CalendarBooking, EventOf, ServiceEvent } from '@leadbook/contract';
import {
  createConnectService,
  createInMemoryExternalCalendar,
  createSqlJsStorage,
  type ConnectService,
  type InMemoryExternalCalendar,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { checkedSend } from '../../../test-support/openapi';
import { testStudio } from './studio';

const HOUR = 3_600_000;

/** A write-back test's service, the coach's receiving calendar and the events it emitted. */
export interface WritebackStudio {
  service: ConnectService;
  /** The calendar the coach's receiving link reaches. */
  calendar: InMemoryExternalCalendar;
  /** The id of the receiving link. */
  linkId: string;
  events: ServiceEvent[];
  /** Books the coach for a trial session over `[startMs, startMs + 1 h)`. */
  book(startMs: number): Promise<CalendarBooking>;
  /** Moves a booking to `[startMs, startMs + 1 h)`, on `resourceId` when given. */
  reschedule(id: string, startMs: number, resourceId?: string): Promise<CalendarBooking>;
  /** Links `resourceId` to a new in-memory calendar that receives its bookings; returns the calendar. */
  receiving(resourceId: string): Promise<InMemoryExternalCalendar>;
  /** Deletes a booking. */
  remove(id: string): Promise<void>;
}

const call = (service: ConnectService, method: string, path: string, token: string, json?: unknown) =>
  checkedSend((request) => service.fetch(request))(
    new Request(`http://x${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(json ? { body: JSON.stringify(json) } : {}),
    }),
  );

const interval = (startMs: number) => ({
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(startMs + HOUR).toISOString(),
});

async function expectStatus(response: Promise<Response>, status: number) {
  const answer = await response;
  if (answer.status !== status) throw new Error(`${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? undefined : answer.json();
}

/**
 * Starts the studio with the coach linked to an in-memory calendar that receives bookings (and
 * counts as busy, so Leadbook's own events must not block it). Time is the caller's fake timers.
 */
export async function writebackStudio(
  options: { scheduler?: (storage: StorageAdapter) => Scheduler; receives?: boolean } = {},
): Promise<WritebackStudio> {
  const calendar = createInMemoryExternalCalendar();
  const calendars = new Map([['work', calendar]]);
  const storage = await createSqlJsStorage();
  const service = await createConnectService({
    storage,
    ...(options.scheduler ? { scheduler: options.scheduler(storage) } : {}),
    externalCalendars: {
      providers: { memory: (connection) => calendars.get(String(connection['name']))! },
      encryptionKeys: [{ id: 'k1', key: randomBytes(32) }],
    },
  });
  const events: ServiceEvent[] = [];
  service.events.on('*', (event) => void events.push(event));
  await service.admin.seed(testStudio());
  const link = await service.admin.externalCalendars.link(ID.organization, {
    resourceId: ID.resourceCoach,
    provider: 'memory',
    label: 'Coach work',
    connection: { name: 'work' },
    receivesBookings: options.receives ?? true,
  });
  return {
    service,
    calendar,
    linkId: link.id,
    events,
    book: (startMs) =>
      expectStatus(
        call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, {
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          ...interval(startMs),
        }),
        201,
      ),
    reschedule: (id, startMs, resourceId) =>
      expectStatus(
        call(service, 'PATCH', `/connect/calendar_bookings/${id}`, TOKEN.write, {
          ...interval(startMs),
          ...(resourceId ? { resourceId } : {}),
        }),
        200,
      ),
    receiving: async (resourceId) => {
      const name = `calendar-${calendars.size + 1}`;
      calendars.set(name, createInMemoryExternalCalendar());
      await service.admin.externalCalendars.link(ID.organization, {
        resourceId,
        provider: 'memory',
        label: name,
        connection: { name },
        receivesBookings: true,
      });
      return calendars.get(name)!;
    },
    remove: async (id) => {
      await expectStatus(call(service, 'DELETE', `/connect/calendar_bookings/${id}`, TOKEN.admin), 204);
    },
  };
}

/** The `calendarEventFailed` events a write-back test's service emitted. */
export const failures = (studio: WritebackStudio) =>
  studio.events.filter(
    (e): e is EventOf<'calendar.appointment.calendarEventFailed'> =>
      e.type === 'calendar.appointment.calendarEventFailed',
  );

/** How many calls of `operation` the coach's calendar got. */
export const callsOf = (studio: WritebackStudio, operation: string) =>
  studio.calendar.calls.filter((c) => c.operation === operation).length;

/** The write-back jobs still stored (retries, leases). */
export const pendingWriteback = (studio: WritebackStudio) =>
  studio.service.storage
    .transaction((tx) => tx.jobs.listDue(Number.MAX_SAFE_INTEGER, 100))
    .then((jobs) => jobs.filter((job) => job.type.startsWith('booking.calendarEvent')));
