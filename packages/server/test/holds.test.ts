/**
 * Slot holds end to end through the fetch adapter: a public hold keeps the visitor's place until
 * submit uses it, one hold per client, expiry releases it without a job, the rate limit, and the
 * Connect holds (release, mismatch, the per-token bound).
 */
import { ErrorMessages, MAX_ACTIVE_HOLDS_PER_TOKEN } from '@leadbook/contract';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioSubmission } from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@leadbook/server';
import { day, NOW } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

// The coach (capacity 1) on Monday, 10:00-11:00 Berlin.
const COACH = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T09:00:00.000Z`,
  endDateTime: `${day(1)}T10:00:00.000Z`,
};
const LATER = { ...COACH, startDateTime: `${day(1)}T10:00:00.000Z`, endDateTime: `${day(1)}T11:00:00.000Z` };

describe('slot holds', () => {
  let h: Harness;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = createManualClock(NOW);
    h = await createHarness('fetch', { clock }, { fullStudio: true });
  });
  afterEach(() => h.close());

  const hold = (body: object, clientIp = '198.51.100.7') =>
    h.call('POST', `/public/forms/${ID.form}/holds`, { body, clientIp });
  const submit = (body: object, clientIp = '198.51.100.7') =>
    h.call('POST', `/public/forms/${ID.form}/submit`, { body, clientIp });
  const book = (body: object) => h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body });
  const coachAvailable = async (slot = COACH) => {
    const query = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      start: slot.startDateTime,
      end: slot.endDateTime,
    });
    const found = await h.call('GET', `/connect/availability/?${query}`, { token: TOKEN.read });
    return found.json.data[0].available as boolean;
  };

  it('a visitor holds a slot: it is taken for everyone else, and their submit with the holdId books it', async () => {
    const held = await hold(COACH);
    expect(held.status).toBe(201);
    expect(held.json).toMatchObject({ ...COACH, expiresAt: new Date(NOW + 300_000).toISOString() });
    expect(await coachAvailable()).toBe(false);
    expect((await book(COACH)).json.message).toBe(ErrorMessages.slotUnavailable);
    // Another visitor cannot hold or book it either.
    expect((await hold(COACH, '198.51.100.8')).json.message).toBe(ErrorMessages.slotUnavailable);
    expect((await submit(studioSubmission(COACH), '198.51.100.8')).json.message).toBe(
      ErrorMessages.slotUnavailable,
    );
    const submitted = await submit({ ...studioSubmission(COACH), holdId: held.json.id });
    expect(submitted.status).toBe(200);
    const stored = await h.service.storage.transaction((tx) => tx.holds.get(ID.organization, held.json.id));
    expect(stored).toBeNull();
    expect(await coachAvailable()).toBe(false);
  });

  it('a second hold of the same client replaces the first; another client keeps theirs', async () => {
    const first = await hold(COACH);
    const other = await hold(LATER, '198.51.100.9');
    expect([first.status, other.status]).toEqual([201, 201]);
    // The same client picks again (the same slot, then another): the previous hold is released.
    expect((await hold(COACH)).status).toBe(201);
    expect((await hold({ ...COACH, resourceId: undefined, ...shift(COACH, -1) })).status).toBe(201);
    expect(await coachAvailable()).toBe(true);
    expect(await coachAvailable(LATER)).toBe(false);
  });

  it('an expired hold stops counting without any job, and its holdId then books only a free place', async () => {
    const held = await hold({ ...COACH, ttlSeconds: 60 });
    expect(await coachAvailable()).toBe(false);
    clock.set(NOW + 60_000);
    expect(await coachAvailable()).toBe(true);
    expect((await book(COACH)).status).toBe(201);
    const late = await submit({ ...studioSubmission(COACH), holdId: held.json.id });
    expect([late.status, late.json.message]).toEqual([400, ErrorMessages.slotUnavailable]);
  });

  it('holds are rate limited per form and client like submit (10 a minute), with the public envelope', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await hold(COACH)).status);
    expect(statuses.every((status) => status === 201)).toBe(true);
    const limited = await hold(COACH);
    expect([limited.status, limited.json]).toEqual([429, { statusCode: 429, message: 'Too Many Requests' }]);
    expect((await hold(COACH, '198.51.100.10')).status).toBe(400);
  });

  it('a public hold checks the slot as submit does', async () => {
    const wrongLength = await hold({ ...COACH, endDateTime: `${day(1)}T09:30:00.000Z` });
    expect(wrongLength.status).toBe(400);
    const past = await hold({ ...COACH, ...shift(COACH, -48) });
    expect([past.status, past.json.message]).toEqual([400, ErrorMessages.slotStarted]);
    // New York's coach works 14:00-18:00 there: a Berlin morning is no candidate of that calendar.
    const notOffered = await hold({ ...COACH, calendarId: ID.calendarNewYork });
    expect(notOffered.json).toEqual({
      statusCode: 400,
      message: 'The selected time slot is not offered by this form',
    });
  });

  it('Connect holds: a booking with the holdId uses the place, a mismatched holdId is refused, DELETE releases', async () => {
    const held = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.write, body: COACH });
    expect(held.status).toBe(201);
    const mismatch = await book({ ...LATER, holdId: held.json.id });
    expect([mismatch.status, mismatch.json.message]).toEqual([400, ErrorMessages.holdMismatch]);
    expect((await book(COACH)).json.message).toBe(ErrorMessages.slotUnavailable);
    expect(
      (await h.call('DELETE', `/connect/booking_holds/${held.json.id}`, { token: TOKEN.write })).status,
    ).toBe(204);
    expect(
      (await h.call('DELETE', `/connect/booking_holds/${held.json.id}`, { token: TOKEN.write })).status,
    ).toBe(404);
    expect((await book(COACH)).status).toBe(201);
    const readOnly = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.read, body: LATER });
    expect(readOnly.status).toBe(403);
  });

  it(`a token has at most ${MAX_ACTIVE_HOLDS_PER_TOKEN} active holds`, async () => {
    // The studio room (capacity 8) over 13 Tuesdays, 8 holds each: 104 places.
    const room = (week: number) => ({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceRoom,
      startDateTime: `${day(2 + 7 * week)}T13:00:00.000Z`,
      endDateTime: `${day(2 + 7 * week)}T14:00:00.000Z`,
    });
    const weeks = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
    let placed = 0;
    for (const week of weeks) {
      for (let i = 0; i < 8 && placed < MAX_ACTIVE_HOLDS_PER_TOKEN; i++, placed++) {
        const held = await h.call('POST', '/connect/booking_holds/', {
          token: TOKEN.write,
          body: room(week),
        });
        expect(held.status).toBe(201);
      }
    }
    const over = await h.call('POST', '/connect/booking_holds/', { token: TOKEN.write, body: room(13) });
    expect([over.status, over.json.message]).toEqual([400, ErrorMessages.tooManyHolds]);
  });
});

function shift(slot: { startDateTime: string; endDateTime: string }, hours: number) {
  const move = (iso: string) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
  return { startDateTime: move(slot.startDateTime), endDateTime: move(slot.endDateTime) };
}
