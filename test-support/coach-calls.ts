/**
 * Connect calls of the studio's coach through a service's fetch handler, for the external calendar
 * adapters' service tests: a call, the coach's slot at a time of a day after the test epoch, and a
 * booking of the trial.
 *
 * @module
 */
import type { ConnectService } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day } from './time';

/** `HH:MM` UTC on the `on`-th day after the test epoch (1: the Monday), as an ISO instant. */
export const at = (time: string, on = 1) => `${day(on)}T${time}:00.000Z`;

/** A slot of the coach as the availability search answers it. */
export interface CoachSlot {
  startDateTime: string;
  available: boolean;
  unavailableReason?: string;
}

/** The calls of the studio's coach on `service` (read lazily, so it may be created later). */
export function coachCalls(service: () => ConnectService) {
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await service().fetch(
      new Request(`http://service.test${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const json = (await response.json().catch(() => null)) as Record<string, unknown>;
    return { status: response.status, json };
  };
  /** The coach's trial slot starting at `time` on day `on`, or undefined. */
  const slotAt = async (time: string, on = 1): Promise<CoachSlot | undefined> => {
    const query = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      start: at('00:00', on),
      end: at('23:00', on),
    });
    const { json } = await call('GET', `/connect/availability/?${query}`, TOKEN.read);
    return (json['data'] as CoachSlot[]).find((slot) => slot.startDateTime === at(time, on));
  };
  /** Books the coach's trial from `start` to `end` (`HH:MM` UTC) on day `on`. */
  const book = (start: string, end: string, on = 1) =>
    call('POST', '/connect/calendar_bookings/', TOKEN.write, {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      startDateTime: at(start, on),
      endDateTime: at(end, on),
    });
  return { call, slotAt, book };
}
