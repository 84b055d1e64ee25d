import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient, isConnectionError, isRateLimitError, PublicFormClient } from '@leadbook/sdk';
import {
  createMockLeadbook,
  DEFAULT_MOCK_BASE_URL,
  MOCK_IDS,
  MOCK_TOKENS,
  type MockLeadbook,
} from '@leadbook/sdk/testing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('createMockLeadbook', () => {
  let mock: MockLeadbook;
  beforeAll(async () => {
    mock = await createMockLeadbook({ baseUrl: 'https://api.example.test/leadbook/' });
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
