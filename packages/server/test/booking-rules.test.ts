/**
 * Booking rules of an appointment type through the service: the console sets them, Connect shows
 * them, availability honours them, and the booking transaction rechecks them.
 */
import { ErrorMessages } from '@leadbook/contract';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

// The coach (capacity 1): 09:00-12:00 Berlin, 08:00Z-11:00Z in winter.
const coach = (days: number, hour: number, minute = 0) => {
  const start = Date.parse(
    `${day(days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  return {
    calendarId: ID.calendarBerlin,
    appointmentTypeId: ID.appointmentTypeTrial,
    resourceId: ID.resourceCoach,
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 3_600_000).toISOString(),
  };
};

describe('booking rules through the service', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness('fetch');
  });
  afterEach(() => h.close());

  const setRules = (rules: object) =>
    h.service.admin.appointmentTypes.setRules(ID.organization, ID.appointmentTypeTrial, rules);
  const book = (body: object) => h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body });
  const available = async (days: number) => {
    const query = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      start: `${day(days)}T00:00:00Z`,
      end: `${day(days + 1)}T00:00:00Z`,
    });
    const found = await h.call('GET', `/connect/availability/?${query}`, { token: TOKEN.read });
    return (found.json.data as Array<{ startDateTime: string; available: boolean }>)
      .filter((c) => c.available)
      .map((c) => c.startDateTime.slice(11, 16));
  };

  it('are off by default, set by the console, shown by Connect, and refused out of bounds', async () => {
    const type = await h.call('GET', `/connect/appointment_types/${ID.appointmentTypeTrial}`, {
      token: TOKEN.read,
    });
    expect(type.json).not.toHaveProperty('minimumNoticeMinutes');
    await setRules({
      minimumNoticeMinutes: 120,
      horizonDays: 30,
      bufferAfterMinutes: 15,
      maxBookingsPerResourcePerDay: null,
    });
    const ruled = await h.call('GET', `/connect/appointment_types/${ID.appointmentTypeTrial}`, {
      token: TOKEN.read,
    });
    expect(ruled.json).toMatchObject({ minimumNoticeMinutes: 120, horizonDays: 30, bufferAfterMinutes: 15 });
    expect(ruled.json).not.toHaveProperty('maxBookingsPerResourcePerDay');
    await expect(setRules({ bufferBeforeMinutes: 500 })).rejects.toMatchObject({ status: 400 });
    await expect(setRules({ horizonDays: 0 })).rejects.toMatchObject({ status: 400 });
  });

  it('minimum notice and horizon: availability lists the candidate as unavailable and the booking is refused', async () => {
    // Now is Sunday 12:00Z; 24 hours of notice leave Monday before 12:00Z out; 3 days of horizon
    // end on Wednesday at 12:00Z (13:00 Berlin).
    await setRules({ minimumNoticeMinutes: 24 * 60, horizonDays: 3 });
    expect(await available(1)).toEqual([]);
    expect(await available(2)).toEqual([
      '08:00',
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
    ]);
    expect(await available(4)).toEqual([]);
    const soon = await book(coach(1, 8));
    expect([soon.status, soon.json.message]).toEqual([400, ErrorMessages.outsideBookingWindow]);
    const far = await book(coach(5, 8));
    expect([far.status, far.json.message]).toEqual([400, ErrorMessages.outsideBookingWindow]);
    expect((await book(coach(2, 8))).status).toBe(201);
  });

  it('buffers occupy the resource around a booking, and the daily limit counts the local day', async () => {
    await setRules({ bufferAfterMinutes: 30, maxBookingsPerResourcePerDay: 2 });
    expect((await book(coach(1, 8))).status).toBe(201);
    // 09:00-10:00 Berlin plus 30 minutes: the next candidate of the coach starts at 10:30 Berlin.
    expect(await available(1)).toEqual(['09:30', '09:45', '10:00']);
    const adjacent = await book(coach(1, 9));
    expect([adjacent.status, adjacent.json.message]).toEqual([400, ErrorMessages.slotUnavailable]);
    expect((await book(coach(1, 9, 30))).status).toBe(201);
    // Two bookings on Monday: the day is full, Tuesday is not.
    expect(await available(1)).toEqual([]);
    expect((await available(2)).length).toBeGreaterThan(0);
    const stored = await h.service.storage.transaction((tx) =>
      tx.bookings.listOverlapping(ID.organization, [ID.resourceCoach], 0, Date.parse(`${day(2)}T00:00:00Z`)),
    );
    expect(stored.map((b) => b.bufferAfterMs)).toEqual([1_800_000, 1_800_000]);
  });
});
