import { randomBytes } from 'node:crypto';
import {
  AvailabilityResponseSchema,
  ErrorMessages,
  EXTERNAL_CALENDAR_UNAVAILABLE_REASON,
} from '@leadbook/contract';
import {
  bookingEventUid,
  createInMemoryExternalCalendar,
  createManualClock,
  type ConnectServiceOptions,
  type InMemoryExternalCalendar,
} from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterEach, describe, expect, it } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';
import { FORMS, goodSubmission } from './studio';
import { capturingLogger, leaksOf } from './support/log-scan';

// The Monday after the test epoch: the coach's Berlin window 09:00-12:00 is 08:00Z-11:00Z, and
// the trial is an hour long on a 15-minute grid.
const MONDAY = day(1);
const at = (time: string) => `${MONDAY}T${time}:00.000Z`;
const ms = (time: string) => Date.parse(at(time));
const PASSWORD = `pw-${randomBytes(12).toString('hex')}`;
const CALENDAR_URL = 'https://dav.example.com/coach/private-calendar-7f3a/';

/** The calendars a test's provider hands out, by the `name` in a link's connection. */
const calendars = new Map<string, InMemoryExternalCalendar>();
const calendar = (name: string) => {
  const made = createInMemoryExternalCalendar();
  calendars.set(name, made);
  return made;
};

const options = (extra: Partial<NonNullable<ConnectServiceOptions['externalCalendars']>> = {}) => {
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

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  calendars.clear();
});

async function start(extra: Parameters<typeof options>[0] = {}, more: ConnectServiceOptions = {}) {
  const made = options(extra);
  h = await createHarness('fetch', { ...made.service, ...more });
  const link = (name: string, more: Record<string, unknown> = {}) =>
    h!.service.admin.externalCalendars.link(ID.organization, {
      resourceId: ID.resourceCoach,
      provider: 'memory',
      label: 'Coach work',
      connection: { name, url: CALENDAR_URL, password: PASSWORD },
      ...more,
    });
  const search = async () => {
    const res = await h!.call(
      'GET',
      `/connect/availability/?${new URLSearchParams({
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        resourceId: ID.resourceCoach,
        start: `${MONDAY}T00:00:00Z`,
        end: `${MONDAY}T23:00:00Z`,
      })}`,
      { token: TOKEN.read },
    );
    expect(res.status).toBe(200);
    const { data } = AvailabilityResponseSchema.parse(res.json);
    return new Map(data.map((slot) => [slot.startDateTime.slice(11, 16), slot.available]));
  };
  const book = (start: string, end: string) =>
    h!.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: {
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        resourceId: ID.resourceCoach,
        startDateTime: at(start),
        endDateTime: at(end),
      },
    });
  return { ...made, harness: h, link, search, book };
}

describe('external calendars through the Connect API (in-memory calendar)', () => {
  it('a busy event hides the slots it overlaps, and a booking of them is refused', async () => {
    const work = calendar('work');
    work.addEvent({ startMs: ms('09:00'), endMs: ms('09:30') });
    const { link, search, book } = await start();
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
    const { link, search, book } = await start();
    await link('work');
    expect([...(await search()).values()].every(Boolean)).toBe(true);
    expect((await book('08:00', '09:00')).status).toBe(201);
  });

  it('a calendar linked with countsAsBusy false blocks nothing, and an unlinked one stops blocking', async () => {
    calendar('shared').addEvent({ startMs: ms('08:00'), endMs: ms('11:00') });
    calendar('work').addEvent({ startMs: ms('08:00'), endMs: ms('11:00') });
    const { link, search, harness } = await start();
    await link('shared', { countsAsBusy: false });
    expect((await search()).get('08:00')).toBe(true);
    const work = await link('work');
    expect((await search()).get('08:00')).toBe(false);
    await harness.service.admin.externalCalendars.unlink(ID.organization, work.id);
    expect((await search()).get('08:00')).toBe(true);
  });

  it('searches reuse a cached read until the TTL passes on the service clock', async () => {
    const work = calendar('work');
    const { link, search, clock } = await start({ cacheTtlMs: 60_000 });
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
    const { link, search, book } = await start({ cacheTtlMs: 600_000 });
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
    const { link, harness } = await start(
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
    const { link, search, book, lines } = await start();
    await link('work');
    work.fail('busy');
    const res = await h!.call(
      'GET',
      `/connect/availability/?${new URLSearchParams({
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        start: `${MONDAY}T00:00:00Z`,
        end: `${MONDAY}T23:00:00Z`,
      })}`,
      { token: TOKEN.read },
    );
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
    await h!.service.admin.forms.create(ID.organization, FORMS.guarded);
    work.fail('busy');
    const publicSlots = await h!.call(
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
    const { link, search, book } = await start({ timeoutMs: 50 });
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
    const { link, search, book, harness, lines } = await start();
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

describe('external calendar links through the console API', () => {
  it('bounds links per resource, one receiving calendar, known providers and resources', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) calendar(name);
    const { link, harness } = await start();
    await link('a', { receivesBookings: true });
    await expect(link('b', { receivesBookings: true })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/receives its bookings already/),
    });
    for (const name of ['b', 'c', 'd', 'e']) await link(name);
    await expect(link('f')).rejects.toMatchObject({ message: expect.stringMatching(/at most 5/) });
    await expect(link('a', { provider: 'google' })).rejects.toMatchObject({
      message: expect.stringMatching(/no external calendar provider "google"/),
    });
    await expect(link('nobody')).rejects.toMatchObject({
      message: expect.stringMatching(/connection: no calendar named nobody/),
    });
    await expect(link('a', { resourceId: ID.otherResource })).rejects.toMatchObject({ status: 404 });
    await expect(
      harness.service.admin.externalCalendars.unlink(ID.organization, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ status: 404 });
    expect(
      await harness.service.admin.externalCalendars.list(ID.organization, { resourceId: ID.resourceRoom }),
    ).toEqual([]);
  });

  it('key rotation: old links still read, reseal moves them to the new key, then the old key can go', async () => {
    const work = calendar('work');
    work.addEvent({ startMs: ms('08:00'), endMs: ms('09:00') });
    const oldKey = randomBytes(32);
    const first = await start({ encryptionKeys: [{ id: 'old', key: oldKey }] });
    const created = await first.link('work');
    const storage = first.harness.service.storage;
    const stored = await storage.transaction((tx) =>
      tx.externalCalendarLinks.get(ID.organization, created.id),
    );
    await first.harness.close();
    // A second service on the same data, with a new key first and the old one kept for reading.
    const newKey = randomBytes(32);
    h = await createHarness('fetch', {
      ...options({
        encryptionKeys: [
          { id: 'new', key: newKey },
          { id: 'old', key: oldKey },
        ],
      }).service,
    });
    await h.service.storage.transaction((tx) => tx.externalCalendarLinks.create(stored!));
    const admin = h.service.admin.externalCalendars;
    expect((await admin.list(ID.organization))[0]!.encryptionKeyId).toBe('old');
    const search = () =>
      h!.call(
        'GET',
        `/connect/availability/?${new URLSearchParams({
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          resourceId: ID.resourceCoach,
          start: `${MONDAY}T00:00:00Z`,
          end: `${MONDAY}T23:00:00Z`,
        })}`,
        { token: TOKEN.read },
      );
    const first8 = (res: { json: { data: Array<{ startDateTime: string; available: boolean }> } }) =>
      res.json.data.find((slot) => slot.startDateTime === at('08:00'))!.available;
    expect(first8(await search())).toBe(false);
    expect(await admin.reseal(ID.organization)).toBe(1);
    expect(await admin.reseal(ID.organization)).toBe(0);
    expect((await admin.list(ID.organization))[0]!.encryptionKeyId).toBe('new');
    const resealed = await h.service.storage.transaction((tx) =>
      tx.externalCalendarLinks.get(ID.organization, created.id),
    );
    await h.close();
    // A service that no longer has the old key reads the resealed link.
    h = await createHarness('fetch', options({ encryptionKeys: [{ id: 'new', key: newKey }] }).service);
    await h.service.storage.transaction((tx) => tx.externalCalendarLinks.create(resealed!));
    expect(first8(await search())).toBe(false);
  });
});

describe('the log scan', () => {
  it('flags a logged Basic Authorization header of a calendar', () => {
    const header = `Basic ${Buffer.from(`coach:${PASSWORD}`).toString('base64')}`;
    expect(
      leaksOf({ level: 'warn', message: 'CalDAV failed', fields: { headers: { authorization: header } } }),
    ).toEqual(['a Basic Authorization value']);
    expect(leaksOf({ level: 'info', message: 'basic authentication is configured', fields: {} })).toEqual([]);
  });
});
