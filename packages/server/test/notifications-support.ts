/**
 * A studio service that sends booking notifications to an in-memory notifier, on fake timers, for
 * the notification suites.
 */
import type { AppointmentTypeNotificationsInput, CalendarBooking, ServiceEvent } from '@leadbook/contract';
import { vi } from 'vitest';
import {
  createConnectService,
  createInMemoryNotifier,
  createSqlJsStorage,
  type ConnectService,
  type InMemoryNotifier,
  type Scheduler,
  type StorageAdapter,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { checkedSend } from '../../../test-support/openapi';
import { testStudio } from './studio';

/** A notification test's service, its notifier and the events it emitted. */
export interface NotifyingStudio {
  service: ConnectService;
  notifier: InMemoryNotifier;
  events: ServiceEvent[];
  /** Creates a lead of the studio pool with `data`; returns its id. */
  lead(data: Record<string, unknown>): Promise<string>;
  /** Books the coach for a trial session over `[startMs, startMs + 1 h)` for `entryId`. */
  book(startMs: number, entryId?: string): Promise<CalendarBooking>;
  /** Moves a booking to `[startMs, startMs + 1 h)`. */
  reschedule(id: string, startMs: number): Promise<CalendarBooking>;
  /** Deletes a booking. */
  remove(id: string): Promise<void>;
}

const HOUR = 3_600_000;

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

/**
 * Starts the studio with notifications to an in-memory notifier and the trial type's `setting`.
 * Time is whatever the caller's fake timers say (the service runs on the system clock, faked).
 */
export async function notifyingStudio(
  setting: AppointmentTypeNotificationsInput,
  options: { maxAttempts?: number; scheduler?: (storage: StorageAdapter) => Scheduler } = {},
): Promise<NotifyingStudio> {
  const { scheduler, ...delivery } = options;
  const notifier = createInMemoryNotifier();
  const storage = await createSqlJsStorage();
  const service = await createConnectService({
    storage,
    ...(scheduler ? { scheduler: scheduler(storage) } : {}),
    notifications: { notifier, ...delivery },
  });
  const events: ServiceEvent[] = [];
  service.events.on('*', (event) => void events.push(event));
  await service.admin.seed(testStudio());
  await service.admin.appointmentTypes.setNotifications(ID.organization, ID.appointmentTypeTrial, setting);
  const expectStatus = async (response: Promise<Response>, status: number) => {
    const answer = await response;
    if (answer.status !== status) throw new Error(`${answer.status}: ${await answer.text()}`);
    return answer.status === 204 ? undefined : answer.json();
  };
  return {
    service,
    notifier,
    events,
    lead: async (data) =>
      (
        await service.admin.entries.create(ID.organization, {
          tableId: ID.table,
          leadStateId: ID.leadStateNew,
          data,
        })
      ).id,
    book: (startMs, entryId) =>
      expectStatus(
        call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, {
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          ...(entryId ? { entryId } : {}),
          ...interval(startMs),
        }),
        201,
      ),
    reschedule: (id, startMs) =>
      expectStatus(
        call(service, 'PATCH', `/connect/calendar_bookings/${id}`, TOKEN.write, interval(startMs)),
        200,
      ),
    remove: async (id) => {
      await expectStatus(call(service, 'DELETE', `/connect/calendar_bookings/${id}`, TOKEN.admin), 204);
    },
  };
}

/**
 * Moves fake time to `ms` and lets the scheduler's storage round trips complete (they take real
 * macrotasks; only setTimeout and Date are faked).
 */
export async function advanceTo(ms: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(Math.max(0, ms - Date.now()));
  const settled = performance.now() + 150;
  while (performance.now() < settled) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}
