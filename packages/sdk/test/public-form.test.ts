import { ErrorMessages } from '@leadbook/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isNotFoundError,
  isPermissionError,
  isSlotUnavailableError,
  isValidationError,
  PublicFormClient,
  SDK_VERSION,
} from '@leadbook/sdk/public-form';
import { createMockLeadbook, MOCK_FORM_FIELDS, MOCK_IDS } from '@leadbook/sdk/testing';
import { inDays, testClock, useMockLeadbook } from './helpers';

const env = useMockLeadbook();
const form = (formId: string = MOCK_IDS.form, headers: Record<string, string> = {}) =>
  new PublicFormClient({ baseUrl: env.mock.baseUrl, formId, headers });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

const trialSlots = async (calendarId: string = MOCK_IDS.calendarNewYork) => {
  const { data } = await form().slots({
    calendarId,
    appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
    start: inDays(2),
    end: inDays(5).toISOString(),
  });
  return data.filter((slot) => slot.available);
};

const submission = (slot: { resourceId: string; startDateTime: string; endDateTime: string }) => ({
  data: {
    [MOCK_FORM_FIELDS.name]: 'Ada Lovelace',
    [MOCK_FORM_FIELDS.email]: 'ada@example.com',
    [MOCK_FORM_FIELDS.phone]: '030 1234567',
    [MOCK_FORM_FIELDS.appointmentType]: MOCK_IDS.appointmentTypeTrial,
    [MOCK_FORM_FIELDS.consent]: 'true',
  },
  bookingSlot: {
    calendarId: MOCK_IDS.calendarNewYork,
    appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
    resourceId: slot.resourceId,
    startDateTime: slot.startDateTime,
    endDateTime: slot.endDateTime,
  },
});

describe('PublicFormClient', () => {
  it('reads the config and the availability of a published form', async () => {
    const config = await form().config();
    expect(config.id).toBe(MOCK_IDS.form);
    expect(config.captcha).toBeNull();
    expect(config.fields.find((f) => f.type === 'privacy')?.mode).toBe('consent');
    expect(await form().availability()).toEqual({ available: true, captchaProvider: null });
  });

  it("lists the form's calendars with their names and zones (the calendars extension)", async () => {
    expect(await form().calendars()).toEqual([
      { id: MOCK_IDS.calendarBerlin, name: 'Berlin', timeZone: 'Europe/Berlin' },
      { id: MOCK_IDS.calendarNewYork, name: 'New York', timeZone: 'America/New_York' },
    ]);
    const missing = await failure(form('99999999-9999-4999-8999-999999999999').calendars());
    expect(isNotFoundError(missing)).toBe(true);
    expect(missing).toMatchObject({ status: 404, message: ErrorMessages.formNotFound });
  });

  it('lists appointment types and slots with meta', async () => {
    expect(await form().appointmentTypes({ calendarId: MOCK_IDS.calendarBerlin })).toEqual([
      { id: MOCK_IDS.appointmentTypeTrial, name: 'Trial session', duration: 60 },
    ]);
    const response = await form().slots({
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      start: inDays(1),
      end: inDays(3),
      fieldId: MOCK_FORM_FIELDS.booking,
    });
    expect(response.meta).toEqual({
      appointmentTypeName: 'Trial session',
      bookingLength: 60,
      searchLength: 15,
    });
    expect(response.data[0]).toMatchObject({ appointmentTypeId: MOCK_IDS.appointmentTypeTrial });
  });

  it('asks the service for available slots only with onlyAvailable', async () => {
    const query = {
      calendarId: MOCK_IDS.calendarBerlin,
      appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
      // From midnight before the test epoch: the slots that have started are listed, not available.
      start: inDays(-0.5),
      end: inDays(3),
    };
    const all = await form().slots(query);
    expect(all.data.some((slot) => !slot.available)).toBe(true);
    const urls: string[] = [];
    const client = new PublicFormClient({
      baseUrl: env.mock.baseUrl,
      formId: MOCK_IDS.form,
      onRequest: (event) => urls.push(event.url),
    });
    const open = await client.slots({ ...query, onlyAvailable: true });
    expect(new URL(urls[0]!).searchParams.get('onlyAvailable')).toBe('true');
    expect(open).toEqual({ ...all, data: all.data.filter((slot) => slot.available) });
  });

  it('submits with a booking, which creates a lead and takes the slot', async () => {
    const [slot] = (await trialSlots()).filter((s) => s.resourceId === MOCK_IDS.resourceCoach);
    const result = await form().submit(submission(slot!));
    expect(result).toEqual({ success: true, submissionId: expect.any(String) });
    const after = await trialSlots();
    expect(
      after.some((s) => s.resourceId === MOCK_IDS.resourceCoach && s.startDateTime === slot!.startDateTime),
    ).toBe(false);
  });

  it('throws SlotUnavailableError when the slot filled up, ValidationError for bad fields', async () => {
    const [slot] = (await trialSlots()).filter((s) => s.resourceId === MOCK_IDS.resourceCoach);
    await form().submit(submission(slot!));
    const race = await failure(form().submit(submission(slot!)));
    expect(isSlotUnavailableError(race)).toBe(true);
    expect(race).toMatchObject({ status: 400, message: ErrorMessages.slotUnavailable, code: undefined });

    const bad = submission(slot!);
    bad.data[MOCK_FORM_FIELDS.email] = 'not-an-email';
    const invalid = await failure(form().submit(bad));
    expect(isValidationError(invalid) && !isSlotUnavailableError(invalid)).toBe(true);
    expect((invalid as Error).message).toContain('Email');
  });

  it('maps the public envelope: 404 for an unknown form, 403 for a foreign origin', async () => {
    const missing = await failure(form('99999999-9999-4999-8999-999999999999').config());
    expect(isNotFoundError(missing)).toBe(true);
    expect(missing).toMatchObject({ status: 404, message: ErrorMessages.formNotFound });

    const restricted = await env.mock.service.admin.forms.create(MOCK_IDS.organization, {
      name: 'Restricted',
      published: true,
      tableId: MOCK_IDS.table,
      allowedDomains: ['https://www.example.com'],
      studios: [{ id: 'main', name: 'Main', calendarIds: [MOCK_IDS.calendarBerlin] }],
      fields: [{ id: MOCK_FORM_FIELDS.email, type: 'email', label: 'Email', required: true }],
    });
    await expect(
      form(restricted.id, { origin: 'https://www.example.com' }).availability(),
    ).resolves.toMatchObject({
      available: true,
    });
    const foreign = await failure(form(restricted.id, { origin: 'https://evil.example' }).availability());
    expect(isPermissionError(foreign)).toBe(true);
    expect(foreign).toMatchObject({ status: 403, message: ErrorMessages.originNotAllowed });
  });

  it('in a page, sends GET requests without custom headers (no CORS preflight), and names itself on JSON POSTs', async () => {
    const seen: Array<{ method: string; headers: Record<string, string> }> = [];
    // msw sees the request as the runtime's fetch sends it: without the headers fetch adds itself
    // (its own User-Agent among them), what is left is what the SDK set.
    const fetchOwn = /^(accept-encoding|accept-language|connection|host|sec-fetch-mode)$/;
    const listener = ({ request }: { request: Request }) =>
      seen.push({
        method: request.method,
        headers: Object.fromEntries(
          [...request.headers].filter(
            ([name, value]) =>
              !fetchOwn.test(name) && (name !== 'user-agent' || value.startsWith('leadbook-sdk')),
          ),
        ),
      });
    env.server.events.on('request:start', listener);
    const client = form();
    vi.stubGlobal('document', {}); // what the SDK looks for to tell a page
    try {
      await client.availability();
      await client.submit({ data: {} }).catch(() => undefined); // a 400 for the missing fields: what was sent is the point
      expect(seen[0]).toEqual({ method: 'GET', headers: { accept: 'application/json' } });
      expect(seen[1]!.method).toBe('POST');
      expect(seen[1]!.headers).toMatchObject({ 'x-leadbook-sdk': `leadbook-sdk/${SDK_VERSION}` });
      expect(seen[1]!.headers['user-agent']).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
      env.server.events.removeListener('request:start', listener);
    }
  });
});

describe('PublicFormClient telemetry, against the real service', () => {
  const batches: Array<{ formId: string; events: unknown[] }> = [];
  const baseUrl = 'https://telemetry.leadbook.test';
  let telemetryMock: Awaited<ReturnType<typeof createMockLeadbook>>;

  beforeAll(async () => {
    telemetryMock = await createMockLeadbook({
      baseUrl,
      clock: testClock(),
      serviceOptions: {
        rateLimit: { limits: { telemetry: 1 } },
        telemetrySink: (batch) => void batches.push(batch),
      },
    });
  });
  beforeEach(async () => {
    await telemetryMock.reset();
    env.server.use(...telemetryMock.handlers);
    batches.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => telemetryMock.close());

  it('delivers a batch, then drops the batch the real limiter answers with 429', async () => {
    const onError = vi.fn();
    const client = new PublicFormClient({ baseUrl, formId: MOCK_IDS.form, telemetry: { onError } });
    client.telemetry.track({ name: 'form_opened' });
    client.telemetry.track({ name: 'step_completed', step: 1, durationMs: 1200 });
    await client.telemetry.flush();
    expect(batches).toEqual([
      expect.objectContaining({
        formId: MOCK_IDS.form,
        events: [{ name: 'form_opened' }, { name: 'step_completed', step: 1, durationMs: 1200 }],
      }),
    ]);

    client.telemetry.track({ name: 'form_submitted' });
    await client.telemetry.flush();
    expect(batches).toHaveLength(1);
    expect(client.telemetry.pending).toBe(0);
    expect(onError).not.toHaveBeenCalled();
    await client.telemetry.close();
  });

  it('beams the queue with navigator.sendBeacon as text/plain JSON when the page hides', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const sendBeacon = vi.fn((_url: string, _body: string) => true);
    vi.stubGlobal('document', page);
    vi.stubGlobal('navigator', { sendBeacon });
    const client = new PublicFormClient({ baseUrl, formId: MOCK_IDS.form });
    client.telemetry.track({ name: 'field_focused', fieldId: MOCK_FORM_FIELDS.email });
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledWith(
      `${baseUrl}/public/forms/${MOCK_IDS.form}/telemetry`,
      JSON.stringify({ events: [{ name: 'field_focused', fieldId: MOCK_FORM_FIELDS.email }] }),
    );
    await client.telemetry.close();
  });

  it('falls back to fetch with keepalive, which the service accepts', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', page);
    const client = new PublicFormClient({ baseUrl, formId: MOCK_IDS.form });
    client.telemetry.track({ name: 'page_hidden' });
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]!.events).toEqual([{ name: 'page_hidden' }]);
    await client.telemetry.close();
  });
});
