import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient, isPermissionError } from '@leadbook/sdk';
import { createMockLeadbook, MOCK_IDS, MOCK_TOKENS, type MockLeadbook } from '@leadbook/sdk/testing';
import { requestTrial, type TrialRequest } from '../src/intake';

// A real in-memory Leadbook service behind msw: real validation, scopes and capacity checks.
const mock: MockLeadbook = await createMockLeadbook();
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(async () => {
  server.close();
  await mock.close();
});

const client = (token: keyof typeof MOCK_TOKENS = 'write') =>
  new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS[token] });

const day = 86_400_000;
// The window starts at a midnight (UTC), so whatever the time of day the suite runs, its first free
// trial is the Coach's 09:00 in Berlin (the studio room opens at 14:00): one window, one answer.
const tomorrow = Math.floor(Date.now() / day) * day + day;
const request = (): TrialRequest => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  calendarId: MOCK_IDS.calendarBerlin,
  appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
  from: new Date(tomorrow),
  to: new Date(tomorrow + 2 * day),
});

describe('requestTrial', () => {
  it('creates the lead in the default state and books the first free slot for it', async () => {
    const outcome = await requestTrial(client(), MOCK_IDS.table, request());
    expect(outcome.status).toBe('booked');
    if (outcome.status !== 'booked') return;

    const { data } = await client('read').availability.search({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      start: request().from,
      end: request().to,
      resourceId: MOCK_IDS.resourceCoach,
    });
    const booked = data.find((slot) => slot.startDateTime === outcome.startDateTime);
    expect(booked).toMatchObject({ available: false });
  });

  it('books the next slot when another booking takes the first one', async () => {
    mock.faults.nextBookingLosesRace();
    const outcome = await requestTrial(client(), MOCK_IDS.table, request());
    expect(outcome.status).toBe('booked');
  });

  it('keeps the lead and reports no-slot when every attempt loses its slot', async () => {
    mock.faults.nextBookingLosesRace({ times: 3 });
    const outcome = await requestTrial(client(), MOCK_IDS.table, request());
    expect(outcome).toEqual({ status: 'no-slot', leadId: expect.any(String) });
    const pool = await client('read').tables.get(MOCK_IDS.table);
    expect(pool.leadStates.find((state) => state.default)?.count).toBe(1);
  });

  it('rides out a 503 (the SDK retries the GET)', async () => {
    mock.faults.serviceUnavailableOnce(1, { match: { method: 'GET', path: '/connect/tables/' } });
    await expect(requestTrial(client(), MOCK_IDS.table, request())).resolves.toMatchObject({
      status: 'booked',
    });
  });

  it('asks the visitor to come back when the service rate limits for long', async () => {
    mock.faults.rateLimitOnce({ retryAfterSeconds: 120, match: { path: '/connect/availability/' } });
    const outcome = await requestTrial(client(), MOCK_IDS.table, request());
    expect(outcome).toEqual({ status: 'retry-later', retryAfterMs: 120_000 });
  });

  it('fails loudly with a read-only token', async () => {
    const error = await requestTrial(client('read'), MOCK_IDS.table, request()).catch((e: unknown) => e);
    expect(isPermissionError(error)).toBe(true);
  });
});
