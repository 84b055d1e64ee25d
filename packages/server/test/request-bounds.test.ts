/**
 * String and count bounds of request input (issue 18): every one answers its surface's 400 with a
 * message naming the limit, and nothing is written.
 */
import { ErrorMessages } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { countingStorage } from './storage-proxy';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { FORMS, goodSubmission } from './studio';

const headers = { origin: 'https://www.example.com' };
const long = (length: number) => 'k'.repeat(length);

describe.each(ADAPTERS)('request bounds through %s', (kind) => {
  let h: Harness;
  let ingress: { id: string; token: string };
  let calls: Map<string, number>;
  beforeAll(async () => {
    const counted = await countingStorage();
    calls = counted.calls;
    h = await createHarness(kind, {
      storage: counted.storage,
      rateLimit: { enabled: false },
      captcha: { verify: async ({ token }) => token === 'good-token' },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    const created = await h.service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Bounds',
    });
    ingress = { id: created.id, token: created.token };
  });
  afterAll(() => h.close());

  const entries = async () =>
    (await h.call('GET', `/connect/tables/${ID.table}`, { token: TOKEN.read })).json;

  it('a lead data key may be 200 characters long, not 201 (Connect and ingress)', async () => {
    const before = JSON.stringify(await entries());
    const connect = (key: string) =>
      h.call('POST', '/connect/table_entries/', {
        token: TOKEN.write,
        body: { tableId: ID.table, leadStateId: ID.leadStateNew, data: { [key]: 'x' } },
      });
    const refused = await connect(long(201));
    expect(refused.json).toEqual({
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: 'data keys may be at most 200 characters long',
      details: [{ path: 'data', message: 'data keys may be at most 200 characters long' }],
    });
    const viaIngress = await h.call('POST', `/public/ingress_webhooks/${ingress.id}`, {
      body: { data: { [long(201)]: 'x' } },
      headers: { 'x-service-ingress-token': ingress.token },
    });
    expect(viaIngress.json).toMatchObject({
      statusCode: 400,
      message: 'Validation failed',
      details: [{ path: 'data', message: 'data keys may be at most 200 characters long' }],
    });
    // Nothing of the refused leads reached the pool or its schema.
    expect(JSON.stringify(await entries())).toBe(before);
    expect((await connect(long(200))).status).toBe(201);
  });

  it('studio and field ids are at most 200 characters on every public endpoint that takes one', async () => {
    const slots = new URLSearchParams({
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${day(1)}T00:00:00Z`,
      end: `${day(2)}T00:00:00Z`,
      fieldId: long(201),
    });
    const tooLong = 'String must contain at most 200 character(s)';
    const slotsRes = await h.call('GET', `/public/forms/${ID.formGuarded}/slots?${slots}`, { headers });
    expect(slotsRes.status).toBe(400);
    expect(slotsRes.json.message).toContain(tooLong);

    const types = new URLSearchParams({ calendarId: ID.calendarBerlin, studioId: long(201) });
    const typesRes = await h.call('GET', `/public/forms/${ID.formGuarded}/appointment-types?${types}`, {
      headers,
    });
    expect(typesRes.status).toBe(400);
    expect(typesRes.json.message).toContain(tooLong);

    const submit = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: { ...goodSubmission(), studioId: long(201) },
      headers,
    });
    expect(submit.status).toBe(400);
    expect(submit.json.message).toContain(tooLong);

    const telemetry = await h.call('POST', `/public/forms/${ID.formGuarded}/telemetry`, {
      body: { events: [{ name: 'step', fieldId: long(201) }] },
      headers,
    });
    expect(telemetry.status).toBe(400);
    expect(telemetry.json.message).toContain(tooLong);
    expect(await h.service.admin.forms.submissions(ID.organization, ID.formGuarded)).toEqual([]);
  });

  it('a submission carries at most 200 fields', async () => {
    const data = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 'x']),
    );
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: { ...goodSubmission(), data },
      headers,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('A submission may hold at most 200 fields');
  });

  it('a legacy scheduleTypeSlotId is at most 200 characters', async () => {
    const res = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: {
        calendarId: ID.calendarBerlin,
        startDateTime: `${day(1)}T08:00:00Z`,
        endDateTime: `${day(1)}T09:00:00Z`,
        scheduleTypeSlotId: long(201),
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.details).toEqual([
      { path: 'scheduleTypeSlotId', message: 'String must contain at most 200 character(s)' },
    ]);
  });

  it('a booking lasts at most 24 hours, and a planner booking one booking of its type, checked before any search', async () => {
    const book = (body: Record<string, unknown>) =>
      h.call('POST', '/connect/calendar_bookings/', {
        token: TOKEN.write,
        body: { calendarId: ID.calendarBerlin, ...body },
      });
    const planner = { appointmentTypeId: ID.appointmentTypeTrial, resourceId: ID.resourceCoach };
    const reads = () => calls.get('bookings.listOverlapping') ?? 0;
    const before = reads();
    const tenThousandYears = await book({
      ...planner,
      startDateTime: '0000-01-01T00:00:00Z',
      endDateTime: '9999-12-31T23:59:59Z',
    });
    expect(tenThousandYears.json.details).toEqual([
      { path: 'endDateTime', message: 'A booking may last at most 24 hours' },
    ]);
    // Within a day but not the type's 60 minutes: refused before the resource's bookings are read.
    const twoHours = await book({
      ...planner,
      startDateTime: `${day(1)}T08:00:00Z`,
      endDateTime: `${day(1)}T10:00:00Z`,
    });
    expect(twoHours.json).toMatchObject({
      statusCode: 400,
      message: ErrorMessages.notBookableInterval,
      details: [{ path: 'startDateTime', message: ErrorMessages.notBookableInterval }],
    });
    expect(reads()).toBe(before);

    // The day's bound holds for every organization, whatever it books with (checked with the body).
    const legacy = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.other,
      body: {
        calendarId: ID.otherCalendar,
        startDateTime: `${day(1)}T08:00:00Z`,
        endDateTime: `${day(2)}T08:00:01Z`,
      },
    });
    expect(legacy.json.details).toEqual([
      { path: 'endDateTime', message: 'A booking may last at most 24 hours' },
    ]);
  });
});
