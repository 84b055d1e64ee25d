/**
 * The bound on one availability answer (issue 39, item 10): a search of more than 100,000
 * candidates, available or not, is a 400 that says how to narrow it, on Connect availability and
 * public slots, refused before the bookings, holds and blockers of its range are read; a search of
 * exactly 100,000 answers. `onlyAvailable` answers exactly the available candidates of the whole
 * answer.
 */
import { randomUUID } from 'node:crypto';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, NOW, day } from '../../../test-support/time';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { countingStorage } from './storage-proxy';

const MINUTE_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The 400 message for a search of `count` candidates. */
const overBound = (count: number) =>
  `The search would hold ${count} candidates, more than the 100000 one answer may hold (available or not): ` +
  'search a shorter range, or one resource (resourceId)';

describe.each(ADAPTERS)('the bound on one availability answer through %s', (kind) => {
  let h: Harness;
  let calls: Map<string, number>;
  let minuteType: string;
  let alwaysOpen: string;
  let formId: string;
  beforeAll(async () => {
    const counted = await countingStorage();
    calls = counted.calls;
    h = await createHarness(kind, { storage: counted.storage, rateLimit: { enabled: false } });
    const org = ID.organization;
    // One resource open around the clock, every day, publicly bookable, for a type of one minute
    // searched every minute: each minute of a range is one candidate.
    minuteType = (
      await h.service.admin.appointmentTypes.create(org, {
        name: 'One minute',
        bookingLength: 1,
        searchLength: 1,
      })
    ).id;
    alwaysOpen = (
      await h.service.admin.resources.create(org, {
        name: 'Always open',
        maxParallelBookings: 1,
        calendarIds: [ID.calendarBerlin],
        appointmentTypeIds: [minuteType],
      })
    ).id;
    for (let weekday = 1; weekday <= 7; weekday++) {
      await h.service.admin.resourceSlots.create(org, {
        calendarId: ID.calendarBerlin,
        resourceId: alwaysOpen,
        weekday,
        startTime: '00:00',
        endTime: '24:00',
        publiclyBookable: true,
      });
    }
    formId = (
      await h.service.admin.forms.create(org, {
        name: 'Any type',
        published: true,
        tableId: ID.table,
        studios: [{ id: 'main', name: 'Main', calendarIds: [ID.calendarBerlin] }],
        fields: [
          {
            id: randomUUID(),
            type: 'booking-calendar',
            label: 'Time',
            bookingConfig: { searchDays: 14 },
            allowedAppointmentTypes: ['*'],
          },
        ],
      })
    ).id;
  });
  afterAll(() => h.close());

  const query = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  const connect = (params: Record<string, string | undefined>) =>
    h.call('GET', `/connect/availability/?${query({ calendarId: ID.calendarBerlin, ...params })}`, {
      token: TOKEN.read,
    });
  const publicSlots = (params: Record<string, string | undefined>) =>
    h.call('GET', `/public/forms/${formId}/slots?${query({ calendarId: ID.calendarBerlin, ...params })}`);
  /** The minutes before now: every candidate has started, so `onlyAvailable` answers none. */
  const lastMinutes = (minutes: number) => ({
    appointmentTypeId: minuteType,
    start: iso(NOW - minutes * MINUTE_MS),
    end: iso(NOW),
  });
  const rangeReads = () =>
    ['bookings', 'holds', 'blockers'].map((repository) => calls.get(`${repository}.listOverlapping`) ?? 0);

  it('refuses a Connect search over the bound before reading its range, whether or not only available ones are asked for', async () => {
    const before = rangeReads();
    for (const onlyAvailable of [undefined, 'true']) {
      const refused = await connect({ ...lastMinutes(100_001), onlyAvailable });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        statusCode: 400,
        error: 'VALIDATION_ERROR',
        message: overBound(100_001),
      });
    }
    expect(rangeReads()).toEqual(before);
  });

  it('answers a Connect search of exactly 100,000 candidates, reading its range', async () => {
    const before = rangeReads();
    const answered = await connect({ ...lastMinutes(100_000), onlyAvailable: 'true' });
    expect(answered.status).toBe(200);
    expect(answered.json).toEqual({ data: [] });
    expect(rangeReads().every((reads, i) => reads > before[i]!)).toBe(true);
  });

  it('counts one resource asked for on its own: 92 days of minutes are over the bound', async () => {
    const refused = await connect({
      appointmentTypeId: minuteType,
      resourceId: alwaysOpen,
      start: iso(NOW),
      end: iso(NOW + 92 * DAY_MS),
    });
    expect(refused.json).toMatchObject({ statusCode: 400, message: overBound(92 * 1_440) });
  });

  it('refuses public slots over the bound in the public envelope, before reading the range, and answers at it', async () => {
    const before = rangeReads();
    const refused = await publicSlots({ ...lastMinutes(100_001), onlyAvailable: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ statusCode: 400, message: overBound(100_001) });
    expect(rangeReads()).toEqual(before);

    const answered = await publicSlots({ ...lastMinutes(100_000), onlyAvailable: 'true' });
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ data: [], meta: { bookingLength: 1, searchLength: 1 } });
  });

  it('onlyAvailable answers exactly the available candidates of the whole answer (Connect and public)', async () => {
    // Two weeks from the start of today: the morning has passed and the studio's closure blocks
    // three days, so the whole answer holds both kinds.
    const trial = {
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${day(0)}T00:00:00Z`,
      end: `${day(14)}T00:00:00Z`,
    };
    for (const search of [connect, publicSlots]) {
      const all = (await search(trial)).json as { data: Array<{ available: boolean }> };
      const only = await search({ ...trial, onlyAvailable: 'true' });
      const none = await search({ ...trial, onlyAvailable: 'false' });
      expect(all.data.some((slot) => slot.available)).toBe(true);
      expect(all.data.some((slot) => !slot.available)).toBe(true);
      expect(only.status).toBe(200);
      expect(only.json.data).toEqual(all.data.filter((slot) => slot.available));
      expect(none.json).toEqual(all);
    }
  });

  it('refuses an onlyAvailable that is not true or false', async () => {
    const bad = await connect({ ...lastMinutes(10), onlyAvailable: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.details).toEqual([expect.objectContaining({ path: 'query.onlyAvailable' })]);
  });
});
