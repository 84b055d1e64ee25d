import {
  AvailabilityResponseSchema,
  ErrorMessages,
  EXTERNAL_CALENDAR_UNAVAILABLE_REASON,
} from '@leadbook/contract';
import { bookingEventUid } from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { afterEach, describe, expect, it } from 'vitest';
import { FORMS, goodSubmission } from './studio';
import {
  at,
  availability,
  CALENDAR_URL,
  calendar,
  closeCalendarStudio,
  ms,
  PASSWORD,
  startCalendarStudio,
} from './support/external-calendars';
import { leaksOf } from './support/log-scan';

afterEach(closeCalendarStudio);

describe('external calendars through the Connect API (in-memory calendar)', () => {
  it('a busy event hides the slots it overlaps, and a booking of them is refused', async () => {
    const work = calendar('work');
    work.addEvent({ startMs: ms('09:00'), endMs: ms('09:30') });
    const { link, search, book } = await startCalendarStudio();
    await link('work');
    const slots = await search();
    // 09:00-09:30 busy: every one-hour candidate overlapping it is gone, the rest stay.
    expect([...slots].filter(([, free]) => !free).map(([time]) => time)).toEqual([
      '08:15',
      '08:30',
      '08:45',
      '09:00',
      '09:15',
    ]);
    expect(slots.get('08:00')).toBe(true);
    expect(slots.get('09:30')).toBe(true);
    const refused = await book('08:30', '09:30');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(ErrorMessages.slotUnavailable);
    expect((await book('09:30', '10:30')).status).toBe(201);
  });

  it('events marked free, cancelled ones and Leadbook’s own (by UID) are not busy', async () => {
    const work = calendar('work');
    work.addEvent({ startMs: ms('08:00'), endMs: ms('11:00'), transparent: true });
    work.addEvent({ startMs: ms('08:00'), endMs: ms('11:00'), cancelled: true });
    work.addEvent({ startMs: ms('08:00'), endMs: ms('11:00'), uid: bookingEventUid('earlier-booking') });
    const { link, search, book } = await startCalendarStudio();
    await link('work');
    expect([...(await search()).values()].every(Boolean)).toBe(true);
    expect((await book('08:00', '09:00')).status).toBe(201);
  });

  it('a calendar linked with countsAsBusy false blocks nothing, and an unlinked one stops blocking', async () => {
    calendar('shared').addEvent({ startMs: ms('08:00'), endMs: ms('11:00') });
    calendar('work').addEvent({ startMs: ms('08:00'), endMs: ms('11:00') });
    const { link, search, harness } = await startCalendarStudio();
    await link('shared', { countsAsBusy: false });
    expect((await search()).get('08:00')).toBe(true);
    const work = await link('work');
    expect((await search()).get('08:00')).toBe(false);
    await harness.service.admin.externalCalendars.unlink(ID.organization, work.id);
    expect((await search()).get('08:00')).toBe(true);
  });

  it('searches reuse a cached read until the TTL passes on the service clock', async () => {
    const work = calendar('work');
    const { link, search, clock } = await startCalendarStudio({ cacheTtlMs: 60_000 });
    await link('work');
    await search();
    await search();
    expect(work.calls.filter((call) => call.operation === 'busy')).toHaveLength(1);
    clock.advance(60_000);
    await search();
    expect(work.calls.filter((call) => call.operation === 'busy')).toHaveLength(2);
  });

  it('a stale cache can hide a free slot but never book a busy one: the booking re-reads its interval', async () => {
    const work = calendar('work');
    const blocking = work.addEvent({ startMs: ms('08:00'), endMs: ms('09:00') });
    const { link, search, book } = await startCalendarStudio({ cacheTtlMs: 600_000 });
    await link('work');
    expect((await search()).get('08:00')).toBe(false);
    // The busy event goes, and another one appears, after the search was cached.
    (work.events as Map<string, unknown>).delete(blocking);
    work.addEvent({ startMs: ms('10:00'), endMs: ms('11:00') });
    const cached = await search();
    expect(cached.get('08:00')).toBe(false); // stale: hidden although free now
    expect(cached.get('10:00')).toBe(true); // stale: shown although busy now
    const busyReads = work.calls.filter((call) => call.operation === 'busy').length;
    const refused = await book('10:00', '11:00');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(ErrorMessages.slotUnavailable);
    expect((await book('08:00', '09:00')).status).toBe(201);
    // Each booking read the provider again, bypassing the cache.
    expect(work.calls.filter((call) => call.operation === 'busy').length).toBe(busyReads + 2);
  });

  it('a form submission re-reads the calendar too: a slot made busy after the search is not booked', async () => {
    const work = calendar('work');
    const captcha = { verify: async ({ token }: { token: string }) => token === 'good-token' };
    const { link, harness } = await startCalendarStudio(
      { cacheTtlMs: 600_000 },
      { captcha, rateLimit: { enabled: false } },
    );
    await harness.service.admin.forms.create(ID.organization, FORMS.guarded);
    await link('work');
    const submit = (start: string, end: string) =>
      harness.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
        body: goodSubmission(at(start), at(end)),
        headers: { origin: 'https://www.example.com' },
      });
    const slots = await harness.call(
      'GET',
      `/public/forms/${ID.formGuarded}/slots?${new URLSearchParams({
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        start: at('00:00'),
        end: at('23:00'),
      })}`,
      { headers: { origin: 'https://www.example.com' } },
    );
    expect(slots.status).toBe(200);
    const offered = (slots.json.data as Array<{ startDateTime: string; available: boolean }>).find(
      (slot) => slot.startDateTime === at('08:00'),
    );
    expect(offered?.available).toBe(true);
    work.addEvent({ startMs: ms('08:30'), endMs: ms('08:45') });
    const refused = await submit('08:00', '09:00');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(ErrorMessages.slotUnavailable);
    expect(
      await harness.service.storage.transaction((tx) =>
        tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin),
      ),
    ).toEqual([]);
    expect((await submit('09:00', '10:00')).status).toBe(200);
  });

  it('a failing calendar fails closed: the resource shows no free candidate and its booking is refused', async () => {
    const work = calendar('work');
    const { link, search, book, lines, harness } = await startCalendarStudio();
    await link('work');
    work.fail('busy');
    const res = await availability(harness);
    const { data } = AvailabilityResponseSchema.parse(res.json);
    const coach = data.filter((slot) => slot.resourceId === ID.resourceCoach);
    const room = data.filter((slot) => slot.resourceId === ID.resourceRoom);
    expect(coach.length).toBeGreaterThan(0);
    // Every candidate of the coach is unavailable and says why; the room, with no calendar, is not touched.
    expect(
      coach.every(
        (slot) => !slot.available && slot.unavailableReason === EXTERNAL_CALENDAR_UNAVAILABLE_REASON,
      ),
    ).toBe(true);
    expect(room.some((slot) => slot.available)).toBe(true);
    expect(room.every((slot) => slot.unavailableReason === undefined)).toBe(true);
    // The public slots of a form say the same.
    await harness.service.admin.forms.create(ID.organization, FORMS.guarded);
    work.fail('busy');
    const publicSlots = await harness.call(
      'GET',
      `/public/forms/${ID.formGuarded}/slots?${new URLSearchParams({
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        start: at('00:00'),
        end: at('23:00'),
      })}`,
      { headers: { origin: 'https://www.example.com' } },
    );
    const shown = (
      publicSlots.json.data as Array<{ resourceId: string; available: boolean; unavailableReason?: string }>
    ).filter((slot) => slot.resourceId === ID.resourceCoach);
    expect(shown.length).toBeGreaterThan(0);
    expect(
      shown.every(
        (slot) => !slot.available && slot.unavailableReason === EXTERNAL_CALENDAR_UNAVAILABLE_REASON,
      ),
    ).toBe(true);
    work.fail('busy');
    const refused = await book('08:00', '09:00');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(ErrorMessages.slotUnavailable);
    const warnings = lines.filter((line) => line.level === 'warn' && /external calendar/.test(line.message));
    expect(warnings).toHaveLength(3);
    expect(warnings[0]!.fields).toMatchObject({ resourceId: ID.resourceCoach, provider: 'memory' });
    // The failure was not cached: the calendar answers again, and so does the search.
    expect((await search()).get('08:00')).toBe(true);
  });

  it('a calendar that never answers is cut off at the timeout, and fails closed', async () => {
    const work = calendar('work');
    const { link, search, book } = await startCalendarStudio({ timeoutMs: 50 });
    await link('work');
    const hang = () => new Promise<never>(() => undefined);
    const original = work.busy.bind(work);
    work.busy = () => hang();
    expect([...(await search()).values()].some(Boolean)).toBe(false);
    const refused = await book('08:00', '09:00');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(ErrorMessages.slotUnavailable);
    work.busy = original;
    expect((await book('08:00', '09:00')).status).toBe(201);
  });

  it('the connection is never returned by any call, nor logged, nor stored in clear', async () => {
    const work = calendar('work');
    const { link, search, book, harness, lines } = await startCalendarStudio();
    const created = await link('work', { receivesBookings: true });
    const listed = await harness.service.admin.externalCalendars.list(ID.organization);
    for (const shown of [created, ...listed]) {
      expect(shown).not.toHaveProperty('connection');
      expect(JSON.stringify(shown)).not.toContain(PASSWORD);
      expect(JSON.stringify(shown)).not.toContain(CALENDAR_URL);
    }
    expect(listed).toEqual([created]);
    expect(created).toMatchObject({ provider: 'memory', receivesBookings: true, encryptionKeyId: 'k1' });
    // Failures are logged too, and answered over HTTP: neither may carry the connection.
    work.fail('busy', new Error(`cannot reach ${CALENDAR_URL}`));
    const answers = [await search(), await book('08:00', '09:00')];
    expect(JSON.stringify(answers.map((a) => (a instanceof Map ? [...a] : a.json)))).not.toContain(PASSWORD);
    const leaking = lines.flatMap((line) => leaksOf(line, [PASSWORD]));
    expect(leaking).toEqual([]);
    expect(lines.some((line) => line.level === 'warn')).toBe(true);
    const stored = await harness.service.storage.transaction((tx) =>
      tx.externalCalendarLinks.get(ID.organization, created.id),
    );
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(stored?.sealedConnection.keyId).toBe('k1');
  });
});
