import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient, isConnectionError, isRateLimitError, PublicFormClient } from '@leadbook/sdk';
import {
  createMockLeadbook,
  DEFAULT_MOCK_BASE_URL,
  MOCK_CLOSURE_DAYS,
  MOCK_IDS,
  MOCK_TOKENS,
  type MockLeadbook,
} from '@leadbook/sdk/testing';
import { createManualClock } from '@leadbook/server';
import { testClock } from './helpers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('createMockLeadbook', () => {
  let mock: MockLeadbook;
  beforeAll(async () => {
    mock = await createMockLeadbook({ baseUrl: 'https://api.example.test/leadbook/', clock: testClock() });
    server.use(...mock.handlers);
  });
  afterAll(() => mock.close());

  it('answers under a base URL with a path prefix', async () => {
    expect(mock.baseUrl).toBe('https://api.example.test/leadbook');
    const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.write });
    const lead = await client.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: {},
    });
    expect(lead.tableId).toBe(MOCK_IDS.table);
    expect(mock.seeded.organizations[0]!.id).toBe(MOCK_IDS.organization);
  });

  it('matches faults by method and path, one request each, in order', async () => {
    const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.read, maxRetries: 0 });
    mock.faults.networkErrorOnce({ match: { method: 'GET', path: '/connect/resources/' } });
    mock.faults.rateLimitOnce({ retryAfterSeconds: 5, match: { path: /^\/connect\/tables/ } });
    expect(mock.faults.pending).toBe(2);
    await expect(client.calendars.list()).resolves.toHaveLength(2);
    expect(isRateLimitError(await failure(client.tables.list()))).toBe(true);
    expect(isConnectionError(await failure(client.resources.list()))).toBe(true);
    expect(mock.faults.pending).toBe(0);
  });

  it('answers canned faults in the envelope of the surface', async () => {
    mock.faults.rateLimitOnce({ retryAfterSeconds: 3 });
    const form = new PublicFormClient({ baseUrl: mock.baseUrl, formId: MOCK_IDS.form, maxRetries: 0 });
    const error = await failure(form.availability());
    expect(error).toMatchObject({
      status: 429,
      retryAfterMs: 3000,
      body: { statusCode: 429, message: 'Too Many Requests' },
    });
  });

  it('reset() brings back the seeded data and drops faults', async () => {
    const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.write });
    await client.leads.create({ tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew, data: {} });
    expect((await client.tables.get(MOCK_IDS.table)).leadStates[0]!.count).toBeGreaterThan(0);
    mock.faults.serviceUnavailableOnce(3);
    const before = mock.service;
    await mock.reset();
    expect(mock.service).not.toBe(before);
    expect(mock.faults.pending).toBe(0);
    expect((await client.tables.get(MOCK_IDS.table)).leadStates[0]!.count).toBe(0);
    await expect(client.calendars.list()).resolves.toHaveLength(2);
  });
});

describe('createMockLeadbook with a custom fixture', () => {
  it('seeds it and runs setup', async () => {
    const token = `service_live_${'4'.repeat(64)}`;
    let setupRan = 0;
    const mock = await createMockLeadbook({
      clock: testClock(),
      fixture: {
        organizations: [
          {
            name: 'Custom',
            apiTokens: [{ name: 'ci', scopes: ['read'], token }],
            calendars: [{ name: 'Tokyo', tzdata: 'Asia/Tokyo' }],
          },
        ],
      },
      setup: () => void setupRan++,
    });
    server.use(...mock.handlers);
    try {
      expect(mock.baseUrl).toBe(DEFAULT_MOCK_BASE_URL);
      const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: token });
      const [calendar] = await client.calendars.list();
      expect(calendar).toMatchObject({ name: 'Tokyo', id: mock.seeded.organizations[0]!.calendars['Tokyo'] });
      await mock.reset();
      expect(setupRan).toBe(2);
    } finally {
      await mock.close();
    }
  });
});

describe('createMockLeadbook on a clock', () => {
  it('runs the service on the clock and writes the default fixture relative to it, at every reset', async () => {
    const day = 86_400_000;
    const clock = createManualClock('2031-05-05T09:00:00Z');
    const mock = await createMockLeadbook({ baseUrl: 'https://clocked.leadbook.test', clock });
    server.use(...mock.handlers);
    const read = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.read });
    try {
      const closures = async () =>
        (await read.resourceSlotBlockers.list()).map((b) => [b.startDateTime, b.endDateTime]);
      expect(await closures()).toEqual([['2031-05-15T00:00:00.000Z', '2031-05-18T00:00:00.000Z']]);
      // The service's "now" is the clock's: what it writes carries the clock's time.
      const write = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.write });
      const lead = await write.leads.create({
        tableId: MOCK_IDS.table,
        leadStateId: MOCK_IDS.leadStateNew,
        data: { email: 'ada@example.com' },
      });
      expect(lead.createdAt).toBe('2031-05-05T09:00:00.000Z');
      // The closure holds no slot; the day before it does.
      const slots = async (from: string) =>
        (
          await read.availability.search({
            calendarId: MOCK_IDS.calendarBerlin,
            appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
            start: from,
            end: new Date(Date.parse(from) + 5 * 3_600_000).toISOString(),
            onlyAvailable: true,
          })
        ).data;
      expect((await slots('2031-05-14T06:00:00Z')).length).toBeGreaterThan(0);
      expect(await slots('2031-05-16T06:00:00Z')).toEqual([]);

      clock.advance(MOCK_CLOSURE_DAYS.length * day);
      await mock.reset();
      expect(await closures()).toEqual([['2031-05-18T00:00:00.000Z', '2031-05-21T00:00:00.000Z']]);
    } finally {
      await mock.close();
    }
  });
});
