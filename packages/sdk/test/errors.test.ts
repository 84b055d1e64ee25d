import { runInNewContext } from 'node:vm';
import { ErrorMessages } from '@leadbook/contract';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  IngressClient,
  InternalServerError,
  isApiError,
  isLeadbookError,
  isNotFoundError,
  isRateLimitError,
  isSlotUnavailableError,
  isValidationError,
  LeadbookError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  PublicFormClient,
  RateLimitError,
  ResponseValidationError,
  SlotUnavailableError,
  TimeoutError,
  ValidationError,
} from '@leadbook/sdk';
import { createMockLeadbook, MOCK_IDS, MOCK_TOKENS } from '@leadbook/sdk/testing';
import { inDays, range, testClock, useMockLeadbook } from './helpers';

const env = useMockLeadbook();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('every error class from a real response', () => {
  it('ValidationError 400 with the envelope details and request id', async () => {
    const error = await failure(
      env.client('read').availability.search({
        calendarId: MOCK_IDS.calendarBerlin,
        appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
        start: inDays(9).toISOString(),
        end: inDays(0).toISOString(),
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', name: 'ValidationError' });
    const validation = error as ValidationError;
    expect(validation.details).toContainEqual({ path: 'query.end', message: 'end must be after start' });
    expect(validation.requestId).toMatch(/^req_/);
    expect(validation.headers.get('x-request-id')).toBe(validation.requestId);
    expect(validation.body).toMatchObject({ statusCode: 400, error: 'VALIDATION_ERROR' });
  });

  it('AuthenticationError 401 (Connect envelope without statusCode)', async () => {
    const error = await failure(
      env.client('read', { apiToken: `service_live_${'9'.repeat(64)}` } as never).calendars.list(),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'Unauthorized', message: ErrorMessages.unauthorized });
  });

  it('PermissionError 403 for a read token on a write', async () => {
    const error = await failure(
      env
        .client('read')
        .leads.create({ tableId: MOCK_IDS.table, leadStateId: MOCK_IDS.leadStateNew, data: {} }),
    );
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: 'Forbidden' });
    expect((error as PermissionError).message).toContain(ErrorMessages.forbidden);
  });

  it('NotFoundError 404', async () => {
    const error = await failure(env.client('read').calendars.get('99999999-9999-4999-8999-999999999999'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('PayloadTooLargeError 413', async () => {
    const error = await failure(
      env.client('write').leads.create({
        tableId: MOCK_IDS.table,
        leadStateId: MOCK_IDS.leadStateNew,
        data: { notes: 'x'.repeat(200_000) },
      }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: ErrorMessages.payloadTooLarge,
    });
  });

  it('SlotUnavailableError for a real lost race (a full capacity-1 slot)', async () => {
    const client = env.client('write');
    const { data } = await client.availability.search({
      calendarId: MOCK_IDS.calendarNewYork,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      ...range(),
      onlyAvailable: true,
    });
    const slot = data.find((s) => s.resourceId === MOCK_IDS.resourceCoach)!;
    const body = {
      calendarId: MOCK_IDS.calendarNewYork,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    };
    await client.bookings.create(body);
    const error = await failure(client.bookings.create(body));
    expect(error).toBeInstanceOf(SlotUnavailableError);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 400,
      reason: 'race',
      triedSlots: [],
      message: ErrorMessages.slotUnavailable,
    });
  });

  it('RateLimitError 429 from the real public form limiter, with retryAfterMs', async () => {
    const limited = await createMockLeadbook({
      baseUrl: 'https://limited.leadbook.test',
      clock: testClock(),
      serviceOptions: { rateLimit: { limits: { read: 2 } } },
    });
    env.server.use(...limited.handlers);
    try {
      const form = new PublicFormClient({ baseUrl: limited.baseUrl, formId: MOCK_IDS.form, maxRetries: 0 });
      await form.availability();
      await form.availability();
      const error = await failure(form.availability());
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, code: undefined, message: ErrorMessages.tooManyRequests });
      const retryAfter = (error as RateLimitError).retryAfterMs;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60_000);
    } finally {
      await limited.close();
    }
  });

  it('InternalServerError 500 from a failing database', async () => {
    const broken = await createMockLeadbook({ baseUrl: 'https://broken.leadbook.test', clock: testClock() });
    env.server.use(...broken.handlers);
    await broken.service.storage.close();
    const client = env.client('read', { baseUrl: broken.baseUrl, maxRetries: 0 });
    const error = await failure(client.calendars.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      status: 500,
      code: 'DATABASE_ERROR',
      message: ErrorMessages.databaseError,
    });
  });

  it('ConflictError 409 (the reference server has no 409; a canned answer stands in)', async () => {
    env.mock.faults.respondOnce({
      status: 409,
      body: { statusCode: 409, error: 'CONFLICT', message: 'Conflict' },
    });
    const error = await failure(env.client('read').calendars.list());
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('ConnectionError, TimeoutError and AbortError wrap transport failures', async () => {
    env.mock.faults.networkErrorOnce();
    const connection = await failure(env.client('read', { maxRetries: 0 }).calendars.list());
    expect(connection).toBeInstanceOf(ConnectionError);
    expect((connection as ConnectionError).cause).toBeInstanceOf(TypeError);

    // A server that never answers: the fetch settles only when its signal aborts.
    const hanging: typeof fetch = (input) =>
      new Promise((_, reject) => {
        const { signal } = input as Request;
        const fail = () => reject(new DOMException('aborted', 'AbortError'));
        if (signal.aborted) fail();
        signal.addEventListener('abort', fail);
      });
    const slow = env.client('read', { fetch: hanging, timeout: 20, maxRetries: 0 });
    expect(await failure(slow.calendars.list())).toBeInstanceOf(TimeoutError);

    const controller = new AbortController();
    const pending = failure(slow.calendars.list({ timeout: 60_000, signal: controller.signal }));
    controller.abort(new Error('user left'));
    const aborted = await pending;
    expect(aborted).toBeInstanceOf(AbortError);
    expect((aborted as AbortError).cause).toEqual(new Error('user left'));
  });

  it('ResponseValidationError when a success body breaks the contract; off with validateResponses: false', async () => {
    env.mock.faults.respondOnce({ status: 200, body: [{ id: 'not-a-calendar' }] });
    const error = await failure(env.client('read').calendars.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]).toMatchObject({ path: '0.id' });

    env.mock.faults.respondOnce({ status: 200, body: [{ id: 'not-a-calendar' }] });
    const loose = await env.client('read', { validateResponses: false }).calendars.list();
    expect(loose).toEqual([{ id: 'not-a-calendar' }]);
  });

  it('the ingress envelope: typeErrors on 400, 401 for a wrong token, 404 for an unknown webhook', async () => {
    const ingress = (token: string = MOCK_TOKENS.ingress, webhookId: string = MOCK_IDS.ingressWebhook) =>
      new IngressClient({ baseUrl: env.mock.baseUrl, webhookId, token });
    await ingress().push({ data: { age: 36, newsletter: true } });
    const conflict = await failure(ingress().push({ data: { age: 'thirty-six' } }));
    expect(conflict).toBeInstanceOf(ValidationError);
    expect(conflict).toMatchObject({ status: 400, code: undefined, message: ErrorMessages.validationFailed });
    expect((conflict as ValidationError).typeErrors).toEqual([
      { key: 'age', expected: 'number', received: 'string' },
    ]);

    const wrongToken = await failure(ingress('cd'.repeat(32)).push({ data: {} }));
    expect(wrongToken).toBeInstanceOf(AuthenticationError);
    expect(wrongToken).toMatchObject({ status: 401, message: ErrorMessages.invalidWebhookToken });

    const unknown = await failure(
      ingress(undefined, '99999999-9999-4999-8999-999999999999').push({ data: {} }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ status: 404, message: ErrorMessages.webhookNotFound });
  });
});

describe('errorFromResponse', () => {
  const headers = new Headers({ 'x-request-id': 'req_1', 'retry-after': '3' });

  it('maps the Connect, public form and ingress envelopes by status', () => {
    const cases: Array<[number, unknown, new (...args: never[]) => ApiError]> = [
      [400, { statusCode: 400, error: 'VALIDATION_ERROR', message: 'bad', details: [] }, ValidationError],
      [400, { statusCode: 400, message: ErrorMessages.slotUnavailable }, SlotUnavailableError],
      [
        400,
        { statusCode: 400, error: 'VALIDATION_ERROR', message: ErrorMessages.slotStarted },
        SlotUnavailableError,
      ],
      [401, { error: 'Unauthorized', message: 'no' }, AuthenticationError],
      [403, { statusCode: 403, message: ErrorMessages.originNotAllowed }, PermissionError],
      [404, { statusCode: 404, message: ErrorMessages.formNotFound }, NotFoundError],
      [409, { statusCode: 409, message: 'conflict' }, ConflictError],
      [413, { statusCode: 413, message: 'big' }, PayloadTooLargeError],
      [429, { statusCode: 429, message: 'Too Many Requests' }, RateLimitError],
      [502, 'Bad gateway', InternalServerError],
      [418, undefined, ApiError],
    ];
    for (const [status, body, ErrorClass] of cases) {
      const error = errorFromResponse(status, body, headers);
      expect(error.constructor).toBe(ErrorClass);
      expect(error.requestId).toBe('req_1');
      expect(error.body).toBe(body);
    }
    expect((errorFromResponse(429, {}, headers) as RateLimitError).retryAfterMs).toBe(3000);
    expect(errorFromResponse(502, 'Bad gateway', headers).message).toBe('Request failed with status 502');
  });

  it('keeps details and typeErrors', () => {
    const connect = errorFromResponse(400, {
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: 'Invalid request',
      details: [{ path: 'body.tableId', message: 'Required' }],
    });
    expect(connect.details).toEqual([{ path: 'body.tableId', message: 'Required' }]);
    const ingress = errorFromResponse(400, {
      statusCode: 400,
      message: 'Validation failed',
      typeErrors: [{ key: 'age', expected: 'number', received: 'string' }],
    }) as ValidationError;
    expect(ingress.typeErrors).toHaveLength(1);
    expect(ingress.code).toBeUndefined();
  });
});

describe('type guards', () => {
  it('follow the class chain', () => {
    const race = new SlotUnavailableError({ status: 400, message: ErrorMessages.slotUnavailable });
    expect([
      isLeadbookError(race),
      isApiError(race),
      isValidationError(race),
      isSlotUnavailableError(race),
    ]).toEqual([true, true, true, true]);
    expect(isNotFoundError(race)).toBe(false);
    expect(isApiError(new ConnectionError())).toBe(false);
    expect(isLeadbookError(new Error('plain'))).toBe(false);
    expect(isLeadbookError(null)).toBe(false);
    expect(new LeadbookError('x').name).toBe('LeadbookError');
  });

  it('work across realms, where instanceof does not', () => {
    const foreign = runInNewContext(`
      const error = new Error('Too Many Requests');
      Object.defineProperty(error, Symbol.for('leadbook.error'), {
        value: ['LeadbookError', 'ApiError', 'RateLimitError'],
      });
      error;
    `) as unknown;
    expect(foreign instanceof RateLimitError).toBe(false);
    expect(foreign instanceof Error).toBe(false);
    expect(isRateLimitError(foreign)).toBe(true);
    expect(isApiError(foreign)).toBe(true);
    expect(isNotFoundError(foreign)).toBe(false);
  });
});
