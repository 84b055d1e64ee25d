/**
 * Candidates that start before now (the service's injected clock) are listed but not available, and
 * booking one is a 400 `The selected time slot has already started...` on Connect and on submit:
 * nothing is written and no `hasStarted`/`hasEnded` timer is armed.
 */
import { ErrorMessages, type ServiceEvent } from '@leadbook/contract';
import { createManualClock, type ManualClock } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, inDays, NOW } from '../../../test-support/time';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { FORMS, goodSubmission, GOOD_CAPTCHA } from './studio';

// The coach's Berlin mornings: 09:00-12:00 local, 08:00-11:00Z in winter, every day.
const at = (days: number, time: string) => `${day(days)}T${time}:00.000Z`;
const coachBooking = (days: number, time = '08:00') => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: at(days, time),
  endDateTime: new Date(Date.parse(at(days, time)) + 3_600_000).toISOString(),
});

describe.each(ADAPTERS)('past intervals through %s', (kind) => {
  let h: Harness;
  let clock: ManualClock;
  const events: ServiceEvent[] = [];
  beforeAll(async () => {
    clock = createManualClock(NOW);
    h = await createHarness(kind, {
      clock,
      rateLimit: { enabled: false },
      captcha: { verify: async ({ token }) => token === GOOD_CAPTCHA },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    h.service.events.on('*', (event) => void events.push(event));
    // A week later, for the service: day 1 is a week ago, day 7 is today (a Sunday, at noon UTC).
    clock.set(inDays(7));
  });
  afterAll(() => h.close());

  const stored = () =>
    h.service.storage.transaction(async (tx) => ({
      bookings: (await tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin)).length,
      jobs: await tx.jobs.nextRunAt(),
      leads: (await tx.entries.list(ID.organization, { tableId: ID.table })).length,
    }));

  it('Connect availability lists past candidates as not available, later ones as available', async () => {
    const query = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${day(1)}T00:00:00Z`,
      end: `${day(9)}T00:00:00Z`,
    });
    const res = await h.call('GET', `/connect/availability/?${query}`, { token: TOKEN.read });
    expect(res.status).toBe(200);
    const slots = res.json.data as Array<{ startDateTime: string; available: boolean; remaining: number }>;
    const now = clock.now();
    const past = slots.filter((s) => Date.parse(s.startDateTime) < now);
    const later = slots.filter((s) => Date.parse(s.startDateTime) >= now);
    expect(past.some((s) => s.startDateTime === at(1, '08:00'))).toBe(true);
    // Today's morning candidates (08:00Z to 10:00Z) started before noon: not available either.
    expect(past.some((s) => s.startDateTime === at(7, '10:00'))).toBe(true);
    expect(past.filter((s) => s.available)).toEqual([]);
    expect(later.filter((s) => s.available).map((s) => s.startDateTime)).toContain(at(8, '08:00'));
  });

  it('the public slot search does the same', async () => {
    const query = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${day(1)}T00:00:00Z`,
      end: `${day(2)}T00:00:00Z`,
    });
    const res = await h.call('GET', `/public/forms/${ID.formGuarded}/slots?${query}`, {
      headers: { origin: 'https://www.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    expect(res.json.data.filter((s: { available: boolean }) => s.available)).toEqual([]);
  });

  it('a Connect booking of a past candidate is a 400 and writes nothing', async () => {
    const before = await stored();
    events.length = 0;
    for (const body of [coachBooking(1), coachBooking(7, '10:00')]) {
      const res = await h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        statusCode: 400,
        error: 'VALIDATION_ERROR',
        message: ErrorMessages.slotStarted,
        details: [{ path: 'startDateTime', message: ErrorMessages.slotStarted }],
      });
    }
    expect(await stored()).toEqual(before);
    expect(events).toEqual([]);
  });

  it('a submission of a past slot is a 400 and writes nothing', async () => {
    const before = await stored();
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(at(1, '08:00'), at(1, '09:00')),
      headers: { origin: 'https://www.example.com' },
    });
    // The envelope's `details` (an addition) names the field at fault.
    expect(res.json).toEqual({
      statusCode: 400,
      message: ErrorMessages.slotStarted,
      details: [{ path: 'startDateTime', message: ErrorMessages.slotStarted }],
    });
    expect(await stored()).toEqual(before);
  });

  it('a candidate that starts exactly now is still bookable', async () => {
    clock.set(at(8, '08:00'));
    const res = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: coachBooking(8),
    });
    expect(res.status).toBe(201);
    clock.set(inDays(7));
  });
});
