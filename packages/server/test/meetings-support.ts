/**
 * Helpers of the meeting tests: a studio service whose trial sessions have meetings (the coach
 * hosts them), Connect calls checked against the OpenAPI document, and fake-time steps.
 */
import type { CalendarBooking, ServiceEvent } from '@leadbook/contract';
import { vi } from 'vitest';
import {
  createConnectService,
  createInMemoryMeetingProvider,
  type ConnectService,
  type ConnectServiceOptions,
  type InMemoryMeetingProvider,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { checkedSend } from '../../../test-support/openapi';
import { day } from '../../../test-support/time';
import { testStudio } from './studio';

/** The coach's host user. */
export const COACH_HOST = 'coach@example.com';

/** A trial session with the coach on `day(days)` at `hour`:00Z (Berlin coach slots: 08:00Z to 11:00Z). */
export const trialBody = (days = 1, hour = 8) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  endDateTime: `${day(days)}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
});

/** A Connect call, checked against `docs/openapi.json`. */
export const call = (service: ConnectService, method: string, path: string, token: string, json?: unknown) =>
  checkedSend((request) => service.fetch(request))(
    new Request(`http://x${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(json ? { body: JSON.stringify(json) } : {}),
    }),
  );

/** A service on the studio whose trial sessions get meetings of `provider`, hosted by the coach. */
export async function meetingStudio(
  options: ConnectServiceOptions & { provider?: InMemoryMeetingProvider; seed?: boolean } = {},
) {
  const { provider = createInMemoryMeetingProvider(), seed = true, ...rest } = options;
  const service = await createConnectService({ ...rest, meetings: { providers: [provider] } });
  const events: ServiceEvent[] = [];
  service.events.on('*', (event) => void events.push(event));
  if (seed) {
    await service.admin.seed(testStudio());
    await service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
      provider: 'zoom',
      hosts: { [ID.resourceCoach]: COACH_HOST },
    });
  }
  const book = async (body = trialBody()) => {
    const response = await call(service, 'POST', '/connect/calendar_bookings/', TOKEN.write, body);
    if (response.status !== 201) throw new Error(`booking failed: ${await response.text()}`);
    return (await response.json()) as CalendarBooking;
  };
  const get = async (id: string) => {
    const response = await call(service, 'GET', `/connect/calendar_bookings/${id}`, TOKEN.read);
    return { status: response.status, booking: (await response.json()) as CalendarBooking };
  };
  const remove = async (id: string) =>
    (await call(service, 'DELETE', `/connect/calendar_bookings/${id}`, TOKEN.admin)).status;
  const ofType = <T extends ServiceEvent['type']>(type: T) =>
    events.filter((event): event is Extract<ServiceEvent, { type: T }> => event.type === type);
  return { service, provider, events, ofType, book, get, remove };
}

/**
 * Moves fake time to `ms` and lets the scheduler's storage round trips and the meeting attempts in
 * the background complete (they take real macrotasks; only setTimeout and Date are faked).
 */
export async function advanceTo(ms: number) {
  await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(Math.max(0, ms - Date.now()));
  const settled = performance.now() + 100;
  for (let round = 0; round < 20 || performance.now() < settled; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}
