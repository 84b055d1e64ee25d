import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiPromise, IngressClient, isAbortError, isNotFoundError, PublicFormClient } from '@leadbook/sdk';
import { MOCK_IDS, MOCK_TOKENS } from '@leadbook/sdk/testing';
import { inDays, useMockLeadbook } from './helpers';

const env = useMockLeadbook();

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const coachTrial = (fromDay: number) => ({
  calendarId: MOCK_IDS.calendarBerlin,
  appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
  resourceId: MOCK_IDS.resourceCoach,
  start: inDays(fromDay),
  end: inDays(fromDay + 4),
});

describe('withResponse() and asResponse()', () => {
  it('give the body with the status, headers and request id of a Connect call', async () => {
    const client = env.client('read', { headers: { 'x-request-id': 'trace-7' } });
    const call = client.calendars.list();
    expect(call).toBeInstanceOf(ApiPromise);
    const { data, status, headers, requestId, response } = await call.withResponse();
    expect(data.map((calendar) => calendar.id)).toContain(MOCK_IDS.calendarBerlin);
    expect(status).toBe(200);
    expect(requestId).toBe('trace-7');
    expect(headers.get('content-type')).toMatch(/application\/json/);
    // The response's body is still readable, and awaiting the same call gives the same body.
    expect(await response.json()).toEqual(data);
    expect(await call).toEqual(data);
  });

  it('asResponse() resolves with a readable response', async () => {
    const response = await env.client('read').calendars.get(MOCK_IDS.calendarBerlin).asResponse();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(MOCK_IDS.calendarBerlin);
  });

  it('sends the request once, whichever way the result is read', async () => {
    const seen: number[] = [];
    const client = env.client('read', { onRequest: (event) => seen.push(event.attempt) });
    const call = client.resources.list();
    await Promise.all([call, call.withResponse(), call.asResponse()]);
    expect(seen).toEqual([0]);
  });

  it('rejects with the typed error, as awaiting does', async () => {
    const call = env.client('read').calendars.get('00000000-0000-4000-8000-000000000000');
    await expect(call.withResponse()).rejects.toSatisfy(isNotFoundError);
    await expect(call).rejects.toSatisfy(isNotFoundError);
  });

  it('covers writes, availability, ingress and public form calls (a 204 gives an empty body)', async () => {
    const client = env.client('admin');
    const search = await client.availability
      .search({ ...coachTrial(30), onlyAvailable: true })
      .withResponse();
    expect(search.status).toBe(200);
    expect(search.data.data.every((slot) => slot.available)).toBe(true);
    const slot = search.data.data[0]!;
    const created = await client.bookings
      .create({
        calendarId: MOCK_IDS.calendarBerlin,
        appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
        resourceId: slot.resourceId,
        resourceSlotId: slot.resourceSlotId,
        startDateTime: slot.startDateTime,
        endDateTime: slot.endDateTime,
      })
      .withResponse();
    expect(created.status).toBe(201);
    const deleted = await client.bookings.delete(created.data.id).withResponse();
    expect(deleted.status).toBe(204);
    expect(deleted.data).toBeUndefined();

    const ingress = new IngressClient({
      baseUrl: env.mock.baseUrl,
      webhookId: MOCK_IDS.ingressWebhook,
      token: MOCK_TOKENS.ingress,
    });
    const pushed = await ingress.push({ data: { email: 'raw@example.com' } }).withResponse();
    expect(pushed.status).toBe(201);
    expect(pushed.requestId).toEqual(expect.any(String));

    const form = new PublicFormClient({ baseUrl: env.mock.baseUrl, formId: MOCK_IDS.form });
    const config = await form.config().withResponse();
    expect(config.status).toBe(200);
    expect(config.data.fields.length).toBeGreaterThan(0);
  });
});

describe('bookFirstAvailable with request options', () => {
  it('sends the headers on every request and gives the booking response with withResponse()', async () => {
    const sent: string[] = [];
    const client = env.client('write', {
      onRequest: (event) => sent.push(`${event.method} ${event.headers['x-trace-id']}`),
    });
    const { data, status, requestId } = await client
      .bookFirstAvailable(coachTrial(40), { headers: { 'x-trace-id': 'run-1' }, maxRetries: 0 })
      .withResponse();
    expect(status).toBe(201);
    expect(requestId).toEqual(expect.any(String));
    expect(data.attempts).toBe(1);
    expect(data.booking.startDateTime).toBe(data.slot.startDateTime);
    expect(sent).toEqual(['GET run-1', 'POST run-1']);
  });

  it('aborts through options.signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const call = env.client('write').bookFirstAvailable(coachTrial(44), { signal: controller.signal });
    await expect(call).rejects.toSatisfy(isAbortError);
  });
});

describe('LEADBOOK_LOG', () => {
  it('debug logs every request and response to the console, without the token', async () => {
    vi.stubEnv('LEADBOOK_LOG', 'debug');
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    await env.client('read').calendars.list();
    const lines = debug.mock.calls.map((call) => call.map((part) => JSON.stringify(part)).join(' '));
    expect(lines.some((line) => line.includes('[leadbook] leadbook request'))).toBe(true);
    expect(lines.some((line) => line.includes('[leadbook] leadbook response'))).toBe(true);
    expect(lines.join('\n')).not.toContain(MOCK_TOKENS.read);
  });

  it('warn logs retries only; unset, off or an explicit logger log nothing to the console', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubEnv('LEADBOOK_LOG', 'warn');
    env.mock.faults.networkErrorOnce();
    await env.client('read', { random: () => 0 }).calendars.list();
    expect(debug).not.toHaveBeenCalled();
    expect(warn.mock.calls.map((call) => call[0])).toEqual(['[leadbook] leadbook retry']);
    warn.mockClear();
    for (const level of ['', 'off']) {
      vi.stubEnv('LEADBOOK_LOG', level);
      await env.client('read').calendars.list();
    }
    vi.stubEnv('LEADBOOK_LOG', 'debug');
    const own: string[] = [];
    await env
      .client('read', {
        logger: { debug: (message) => own.push(message), warn: (message) => own.push(message) },
      })
      .calendars.list();
    expect(own).toEqual(['leadbook request', 'leadbook response']);
    expect(debug).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
