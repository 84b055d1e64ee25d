/**
 * `PATCH /connect/calendar_bookings/:id`: one transaction moves the booking, its timers and its
 * meeting, and one `calendar.appointment.rescheduled` names the old and new times; a refused
 * reschedule changes nothing.
 */
import { ErrorMessages } from '@leadbook/contract';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW } from '../../../test-support/time';
import { advanceTo, call, meetingStudio, trialBody } from './meetings-support';

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const patch = (studio: Awaited<ReturnType<typeof meetingStudio>>, id: string, body: object) =>
  call(studio.service, 'PATCH', `/connect/calendar_bookings/${id}`, TOKEN.write, body);

describe('rescheduling a booking', () => {
  it('moves the booking, fires one rescheduled event, moves the timers and the meeting', async () => {
    const studio = await meetingStudio();
    const booked = await studio.book(trialBody(1, 8));
    await advanceTo(Date.now());
    expect(studio.provider.calls.map((c) => c.operation)).toEqual(['create']);
    const target = trialBody(2, 9);
    const response = await patch(studio, booked.id, {
      startDateTime: target.startDateTime,
      endDateTime: target.endDateTime,
    });
    expect(response.status).toBe(200);
    const moved = await response.json();
    expect(moved).toMatchObject({
      id: booked.id,
      startDateTime: target.startDateTime,
      endDateTime: target.endDateTime,
    });
    expect(studio.ofType('calendar.appointment.rescheduled').map((e) => e.payload)).toEqual([
      {
        booking: expect.objectContaining({ id: booked.id, startDateTime: target.startDateTime }),
        previous: {
          startDateTime: booked.startDateTime,
          endDateTime: booked.endDateTime,
          resourceId: ID.resourceCoach,
          resourceSlotId: booked.resourceSlotId,
        },
      },
    ]);
    // The meeting job moves the meeting through the provider.
    await advanceTo(Date.now());
    expect(studio.provider.calls.map((c) => c.operation)).toEqual(['create', 'update']);
    expect((await studio.get(booked.id)).booking.meetingExternalStartTime).toBe(target.startDateTime);
    // No hasStarted at the old time; hasStarted and hasEnded at the new one, once each.
    await advanceTo(Date.parse(booked.endDateTime) + 1);
    expect(studio.ofType('calendar.appointment.hasStarted')).toEqual([]);
    await advanceTo(Date.parse(target.endDateTime));
    expect(
      studio.ofType('calendar.appointment.hasStarted').map((e) => e.payload.booking.startDateTime),
    ).toEqual([target.startDateTime]);
    expect(studio.ofType('calendar.appointment.hasEnded')).toHaveLength(1);
    // The old time is free again.
    expect(
      (await call(studio.service, 'POST', '/connect/calendar_bookings/', TOKEN.write, trialBody(3, 8)))
        .status,
    ).toBe(201);
    await studio.service.close();
  });

  it('a refused reschedule keeps the booking, its time and its timers; no event', async () => {
    const studio = await meetingStudio();
    const mine = await studio.book(trialBody(1, 8));
    await studio.book(trialBody(1, 9));
    const full = await patch(studio, mine.id, {
      startDateTime: trialBody(1, 9).startDateTime,
      endDateTime: trialBody(1, 9).endDateTime,
    });
    expect([full.status, (await full.json()).message]).toEqual([400, ErrorMessages.slotUnavailable]);
    const notACandidate = await patch(studio, mine.id, {
      startDateTime: '2024-01-08T08:10:00.000Z',
      endDateTime: '2024-01-08T09:10:00.000Z',
    });
    expect(notACandidate.status).toBe(400);
    expect((await studio.get(mine.id)).booking.startDateTime).toBe(mine.startDateTime);
    expect(studio.ofType('calendar.appointment.rescheduled')).toEqual([]);
    await advanceTo(Date.parse(mine.startDateTime));
    expect(studio.ofType('calendar.appointment.hasStarted').map((e) => e.payload.booking.id)).toEqual([
      mine.id,
    ]);
    // A booking that has started is not moved any more.
    const started = await patch(studio, mine.id, trialBody(2, 8));
    expect(started.status).toBe(400);
    await studio.service.close();
  });

  it('moves to another resource (capacity and rules of the new one); 404 for an unknown booking', async () => {
    const studio = await meetingStudio();
    const mine = await studio.book(trialBody(1, 8));
    // The studio room is open 14:00-18:00 Berlin (13:00Z in winter).
    const room = { startDateTime: '2024-01-08T13:00:00.000Z', endDateTime: '2024-01-08T14:00:00.000Z' };
    const response = await patch(studio, mine.id, { ...room, resourceId: ID.resourceRoom });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ resourceId: ID.resourceRoom, ...room });
    const unknown = await patch(studio, '00000000-0000-4000-8000-00000000dead', room);
    expect(unknown.status).toBe(404);
    const readOnly = await call(
      studio.service,
      'PATCH',
      `/connect/calendar_bookings/${mine.id}`,
      TOKEN.read,
      room,
    );
    expect(readOnly.status).toBe(403);
    await studio.service.close();
  });

  it('uses a hold on the new interval, and moves a booking of an organization without the resource planner', async () => {
    const studio = await meetingStudio();
    const mine = await studio.book(trialBody(1, 8));
    const target = trialBody(1, 10);
    const held = await call(studio.service, 'POST', '/connect/booking_holds/', TOKEN.write, target);
    const holdId = ((await held.json()) as { id: string }).id;
    // The hold keeps the coach's only place: a reschedule without it is refused, with it goes through.
    const without = await patch(studio, mine.id, {
      startDateTime: target.startDateTime,
      endDateTime: target.endDateTime,
    });
    expect([without.status, (await without.json()).message]).toEqual([400, ErrorMessages.slotUnavailable]);
    const withHold = await patch(studio, mine.id, {
      startDateTime: target.startDateTime,
      endDateTime: target.endDateTime,
      holdId,
    });
    expect(withHold.status).toBe(200);
    const left = await studio.service.storage.transaction((tx) => tx.holds.get(ID.organization, holdId));
    expect(left).toBeNull();

    const legacy = await studio.service.admin.organizations.create({
      name: 'Front desk',
      resourcePlanner: false,
    });
    const token = `service_live_${'e5'.repeat(32)}`;
    await studio.service.admin.apiTokens.create(legacy.id, { name: 'desk', scopes: ['write'], token });
    const desk = await studio.service.admin.calendars.create(legacy.id, { name: 'Desk', tzdata: 'UTC' });
    const created = await call(studio.service, 'POST', '/connect/calendar_bookings/', token, {
      calendarId: desk.id,
      startDateTime: '2024-01-08T10:00:00.000Z',
      endDateTime: '2024-01-08T10:20:00.000Z',
    });
    const booking = (await created.json()) as { id: string };
    const moved = await call(studio.service, 'PATCH', `/connect/calendar_bookings/${booking.id}`, token, {
      startDateTime: '2024-01-09T10:00:00.000Z',
      endDateTime: '2024-01-09T10:45:00.000Z',
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      startDateTime: '2024-01-09T10:00:00.000Z',
      endDateTime: '2024-01-09T10:45:00.000Z',
    });
    const withResource = await call(
      studio.service,
      'PATCH',
      `/connect/calendar_bookings/${booking.id}`,
      token,
      {
        startDateTime: '2024-01-09T11:00:00.000Z',
        endDateTime: '2024-01-09T11:45:00.000Z',
        resourceId: ID.resourceCoach,
      },
    );
    expect(withResource.status).toBe(400);
    await studio.service.close();
  });
});
