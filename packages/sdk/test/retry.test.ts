import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isAbortError,
  isConnectionError,
  isInternalServerError,
  isRateLimitError,
  isTimeoutError,
  type RetryEvent,
} from '@leadbook/sdk';
import { MOCK_IDS } from '@leadbook/sdk/testing';
import { range, until, useMockLeadbook } from './helpers';

const env = useMockLeadbook();

/** Requests that reached the msw handlers, with the headers the service saw. */
function recordRequests() {
  const seen: Array<{ method: string; path: string; key: string | null }> = [];
  const listener = ({ request }: { request: Request }) =>
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('idempotency-key'),
    });
  env.server.events.on('request:start', listener);
  return { seen, stop: () => env.server.events.removeListener('request:start', listener) };
}

const leadBody = { tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew, data: { source: 'retry' } };

describe('retries with fake timers', () => {
  let requests: ReturnType<typeof recordRequests>;
  let retries: RetryEvent[];
  const client = (options: { maxRetries?: number; timeout?: number } = {}) =>
    env.client('write', { random: () => 0, onRetry: (event) => retries.push(event), ...options });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    requests = recordRequests();
    retries = [];
  });
  afterEach(() => {
    requests.stop();
    vi.useRealTimers();
  });

  it('503, 503, 200 succeeds after two backoffs of 500 and 1000 ms', async () => {
    env.mock.faults.serviceUnavailableOnce(2);
    const result = client().calendars.list();

    await until(() => retries.length === 1, 'first retry');
    expect(retries[0]).toMatchObject({ attempt: 0, delayMs: 500 });
    expect(isInternalServerError(retries[0]!.error)).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);

    await until(() => retries.length === 2, 'second retry');
    expect(requests.seen).toHaveLength(2);
    expect(retries[1]).toMatchObject({ attempt: 1, delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(requests.seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);

    expect((await result).length).toBe(2);
    expect(requests.seen).toHaveLength(3);
  });

  it('applies jitter: the delay shrinks by up to 25 %', async () => {
    env.mock.faults.serviceUnavailableOnce(1);
    const result = env
      .client('read', { random: () => 0.999, onRetry: (event) => retries.push(event) })
      .calendars.list();
    await until(() => retries.length === 1);
    expect(retries[0]!.delayMs).toBeCloseTo(500 * (1 - 0.25 * 0.999));
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toHaveLength(2);
  });

  it('429 with Retry-After: 2 waits exactly 2 s', async () => {
    env.mock.faults.rateLimitOnce({ retryAfterSeconds: 2 });
    const result = client().appointmentTypes.list();
    await until(() => retries.length === 1);
    expect(retries[0]!.delayMs).toBe(2000);
    expect(isRateLimitError(retries[0]!.error)).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toHaveLength(2);
    expect(requests.seen).toHaveLength(2);
  });

  it('honours retry-after-ms and Retry-After as an HTTP date', async () => {
    env.mock.faults.respondOnce({ status: 503, headers: { 'retry-after-ms': '1234' } });
    const date = new Date(Date.now() + 3000).toUTCString();
    env.mock.faults.respondOnce({ status: 429, headers: { 'retry-after': date } });
    const result = client().resources.list();
    await until(() => retries.length === 1);
    expect(retries[0]!.delayMs).toBe(1234);
    await vi.advanceTimersByTimeAsync(1234);
    await until(() => retries.length === 2);
    // Fake time stands still during I/O: the wait is the date minus the moment of the second answer.
    expect(retries[1]!.delayMs).toBe(Date.parse(date) - Date.now());
    expect(retries[1]!.delayMs).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(retries[1]!.delayMs);
    await expect(result).resolves.toHaveLength(2);
  });

  it('does not wait for a Retry-After over 60 s: the RateLimitError carries it', async () => {
    env.mock.faults.rateLimitOnce({ retryAfterSeconds: 120 });
    const error = await client()
      .calendars.list()
      .catch((e: unknown) => e);
    expect(isRateLimitError(error) && error.retryAfterMs).toBe(120_000);
    expect(retries).toEqual([]);
  });

  it('does not retry a POST without an idempotency key on 500', async () => {
    env.mock.faults.respondOnce({
      status: 500,
      body: { statusCode: 500, error: 'INTERNAL_ERROR', message: 'An internal error occurred' },
    });
    const error = await client()
      .leads.create(leadBody)
      .catch((e: unknown) => e);
    expect(isInternalServerError(error)).toBe(true);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]!.key).toBeNull();
    expect(retries).toEqual([]);
  });

  it('retries a POST with an idempotency key on 500, sending the same key', async () => {
    env.mock.faults.respondOnce({
      status: 500,
      body: { statusCode: 500, error: 'INTERNAL_ERROR', message: 'x' },
    });
    const result = client().leads.create(leadBody, { idempotencyKey: 'lead-42' });
    await until(() => retries.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toMatchObject({ data: { source: 'retry' } });
    expect(requests.seen.map((r) => r.key)).toEqual(['lead-42', 'lead-42']);
  });

  it('creates one idempotency key per bookings.create call, stable across its retries', async () => {
    const write = client();
    const { data } = await write.availability.search({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      ...range(),
      onlyAvailable: true,
    });
    const slot = data.find((s) => s.resourceId === MOCK_IDS.resourceCoach)!;
    requests.seen.length = 0;
    // The first attempt reaches the service and books, but its answer is lost on the way back.
    env.server.use(
      http.post(
        `${env.mock.baseUrl}/connect/calendar_bookings/`,
        async ({ request }) => {
          await env.mock.service.fetch(request.clone(), { clientIp: '203.0.113.7' });
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    const result = write.bookings.create({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    });
    await until(() => retries.length === 1);
    expect(isConnectionError(retries[0]!.error)).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    const booking = await result;
    const [first, second] = requests.seen;
    expect(first!.key).toMatch(/^lb_[0-9a-f-]{36}$/);
    expect(second!.key).toBe(first!.key);
    // The capacity-1 coach was booked once: the retry got the first booking back, not a 400.
    expect(booking.startDateTime).toBe(slot.startDateTime);

    const another = client().bookings.create({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    });
    await expect(another).rejects.toMatchObject({ status: 400, name: 'SlotUnavailableError' });
    const keys = requests.seen.map((r) => r.key);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('retries a GET after a network error and stops after maxRetries', async () => {
    env.mock.faults.networkErrorOnce();
    const ok = client().calendars.list();
    await until(() => retries.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    await expect(ok).resolves.toHaveLength(2);

    retries = [];
    env.mock.faults.serviceUnavailableOnce(5);
    const failing = client({ maxRetries: 1 })
      .calendars.list()
      .catch((e: unknown) => e);
    await until(() => retries.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    const error = await failing;
    expect(isInternalServerError(error) && error.status).toBe(503);
    expect(retries).toHaveLength(1);
  });

  it('takes maxRetries per request, overriding the client', async () => {
    env.mock.faults.serviceUnavailableOnce(1);
    const error = await client()
      .calendars.list({ maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(isInternalServerError(error)).toBe(true);
    expect(retries).toEqual([]);
  });

  it('aborts during the wait between attempts', async () => {
    env.mock.faults.serviceUnavailableOnce(1);
    const controller = new AbortController();
    const result = client()
      .calendars.list({ signal: controller.signal })
      .catch((e: unknown) => e);
    await until(() => retries.length === 1);
    controller.abort();
    expect(isAbortError(await result)).toBe(true);
    expect(requests.seen).toHaveLength(1);
  });

  it('times out an attempt after the per-request timeout, then retries it', async () => {
    let calls = 0;
    env.server.use(
      http.get(
        `${env.mock.baseUrl}/connect/tables/`,
        async () => {
          calls++;
          await new Promise(() => undefined); // never answers
          return HttpResponse.json([]);
        },
        { once: true },
      ),
    );
    const result = client().tables.list({ timeout: 5000 });
    await until(() => calls === 1);
    await vi.advanceTimersByTimeAsync(5000);
    await until(() => retries.length === 1);
    expect(isTimeoutError(retries[0]!.error)).toBe(true);
    expect(retries[0]!.error.message).toContain('5000 ms');
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).map((pool) => pool.id)).toEqual([MOCK_IDS.table, MOCK_IDS.tableOtherPool]);
  });
});
