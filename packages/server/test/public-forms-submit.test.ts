import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorMessages, SubmitResponseSchema } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaUnavailableError, type CaptchaVerifier } from '../src/ports/captcha';
import { createHttpCaptchaVerifier } from '../src/adapters/captcha/http-captcha-verifier';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { day } from '../../../test-support/time';
import { STUDIO_FORM_FIELDS as FIELD, STUDIO_IDS as ID } from '@leadbook/server/studio';
import { FORMS, goodSubmission } from './studio';

const fakeCaptcha: CaptchaVerifier = {
  verify: async ({ token, secret }) => token === 'good-token' && secret === 'captcha-secret-xyz',
};
const headers = { origin: 'https://www.example.com' };

async function counts(h: Harness) {
  return h.service.storage.transaction(async (tx) => ({
    leads: (await tx.entries.list(ID.organization, { tableId: ID.table })).length,
    bookings: (await tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin)).length,
    submissions: (await tx.formSubmissions.list(ID.organization)).length,
  }));
}

describe.each(ADAPTERS)('public form submit through %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { rateLimit: { enabled: false }, captcha: fakeCaptcha });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    await h.service.admin.forms.create(ID.organization, FORMS.studios);
  });
  afterAll(() => h.close());
  const submit = (body: unknown, formId = ID.formGuarded) =>
    h.call('POST', `/public/forms/${formId}/submit`, { body, headers });
  const withData = (data: Record<string, unknown>, base = goodSubmission()) => ({
    ...base,
    data: { ...base.data, ...data },
  });

  it('accepts a valid submission: lead with normalised data, booking, submission record', async () => {
    const before = await counts(h);
    const res = await submit(goodSubmission());
    expect(res.status).toBe(200);
    const { submissionId } = SubmitResponseSchema.parse(res.json);
    const after = await counts(h);
    expect(after).toEqual({
      leads: before.leads + 1,
      bookings: before.bookings + 1,
      submissions: before.submissions + 1,
    });
    const [submission] = await h.service.admin.forms.submissions(ID.organization, ID.formGuarded);
    expect(submission).toMatchObject({
      id: submissionId,
      studioId: 'berlin',
      bookingId: expect.any(String),
      entryId: expect.any(String),
    });
    const entry = await h.service.storage.transaction((tx) =>
      tx.entries.get(ID.organization, submission!.entryId!),
    );
    // Each visible field writes under its dataKey, or its id when it has none.
    expect(entry!.data).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+49301234567',
      privacyConsent: true,
      source: 'widget',
      [FIELD.appointmentType]: ID.appointmentTypeTrial,
    });
    expect(entry!.interestedInAppointmentTypeId).toBe(ID.appointmentTypeTrial);
    expect(entry!.leadStateId).toBe(ID.leadStateNew);
    const booking = await h.service.storage.transaction((tx) =>
      tx.bookings.get(ID.organization, submission!.bookingId!),
    );
    expect(booking).toMatchObject({
      resourceId: ID.resourceCoach,
      tableEntryId: entry!.id,
      trigger: { source: 'form', formId: ID.formGuarded },
    });
    // The booking's timers were stored with it.
    const [started, ended] = await h.service.storage.transaction((tx) =>
      Promise.all([
        tx.jobs.get(`booking:${booking!.id}:hasStarted`),
        tx.jobs.get(`booking:${booking!.id}:hasEnded`),
      ]),
    );
    expect(started).toMatchObject({ runAt: booking!.startMs, type: 'calendar.appointment.hasStarted' });
    expect(ended).toMatchObject({ runAt: booking!.endMs, type: 'calendar.appointment.hasEnded' });
  });

  // The field each message is about, as `details` names it (`data.<field id>`); none for step 5.
  it.each([
    ['a missing required field', { [FIELD.name]: undefined }, 'Name is required', FIELD.name],
    ['a value below minLength', { [FIELD.name]: 'A' }, 'Name must be at least 2 characters', FIELD.name],
    [
      'a value over maxLength',
      { [FIELD.name]: 'A'.repeat(41) },
      'Name must be at most 40 characters',
      FIELD.name,
    ],
    [
      'a pattern mismatch',
      { [FIELD.voucher]: 'ab12' },
      'Voucher code is not in the expected format',
      FIELD.voucher,
    ],
    ['a bad email', { [FIELD.email]: 'ada@' }, 'Email must be a valid email address', FIELD.email],
    ['a bad phone number', { [FIELD.phone]: '12' }, 'Phone must be a valid phone number', FIELD.phone],
    [
      'a bad phone number before a later pattern mismatch (step 3 checks tel in field order)',
      { [FIELD.phone]: '12', [FIELD.voucher]: 'ab12' },
      'Phone must be a valid phone number',
      FIELD.phone,
    ],
    [
      'an option not offered',
      { [FIELD.plan]: 'gold' },
      'Plan must be one of the offered options',
      FIELD.plan,
    ],
    [
      'a field shown by showIf and left empty',
      { [FIELD.isBusiness]: true },
      'Company is required',
      FIELD.company,
    ],
    [
      'consent not the literal string "true"',
      { [FIELD.consent]: 'yes' },
      'Privacy policy must be accepted',
      FIELD.consent,
    ],
    [
      'a boolean instead of the string "true"',
      { [FIELD.consent]: true },
      'Privacy policy must be accepted',
      FIELD.consent,
    ],
    [
      'an appointment type outside the allowlist',
      { [FIELD.appointmentType]: ID.appointmentTypeClass },
      ErrorMessages.appointmentTypeNotAllowed,
      undefined,
    ],
    [
      'an appointment type outside the allowlist and an unticked consent box (step 5 before step 6)',
      { [FIELD.appointmentType]: ID.appointmentTypeClass, [FIELD.consent]: 'false' },
      ErrorMessages.appointmentTypeNotAllowed,
      undefined,
    ],
  ])(
    'rejects %s with 400, a message naming the field and the field in details',
    async (_what, data, message, field) => {
      const before = await counts(h);
      const res = await submit(withData(data));
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        statusCode: 400,
        message,
        ...(field ? { details: [{ path: `data.${field}`, message }] } : {}),
      });
      expect(await counts(h)).toEqual(before);
    },
  );

  it('400 details of a body of the wrong shape: each problem, then the body expected; no value echoed', async () => {
    const before = await counts(h);
    const res = await submit({ email: 'grace.hopper@navy.example', captchaToken: 'good-token' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      message: 'Invalid request: data: Required',
      details: [
        { path: 'data', message: 'Required' },
        { path: 'body', message: "Unrecognized key(s) in object: 'email'" },
        {
          path: 'body',
          message: expect.stringContaining('"data" (required) maps the form field ids of GET'),
        },
      ],
    });
    expect(JSON.stringify(res.json)).not.toMatch(/grace\.hopper|good-token/);
    const notJson = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      rawBody: '{"data":',
      headers,
    });
    expect(notJson.json).toEqual({
      statusCode: 400,
      message: ErrorMessages.malformedJson,
      details: [
        { path: 'body', message: ErrorMessages.malformedJson },
        { path: 'body', message: expect.stringMatching(/^Expected a JSON object \{"data": \{\.\.\.\}/) },
      ],
    });
    // A hold of the wrong shape says the same of the hold's body.
    const hold = await h.call('POST', `/public/forms/${ID.formGuarded}/holds`, {
      body: { slot: 1 },
      headers,
    });
    expect(hold.status).toBe(400);
    expect(hold.json.details.at(-1)).toEqual({
      path: 'body',
      message: expect.stringContaining('the slot as GET /public/forms/:id/slots lists it'),
    });
    expect(await counts(h)).toEqual(before);
  });

  it('skips a field hidden by showIf even when it is required', async () => {
    const res = await submit(
      withData(
        { [FIELD.isBusiness]: false, [FIELD.company]: undefined },
        goodSubmission(`${day(8)}T08:00:00Z`, `${day(8)}T09:00:00Z`),
      ),
    );
    expect(res.status).toBe(200);
  });

  it('requires a captcha token (400) and refuses a bad one (403), storing nothing', async () => {
    const before = await counts(h);
    const missing = await submit({ ...goodSubmission(), captchaToken: undefined });
    expect(missing.json).toEqual({ statusCode: 400, message: ErrorMessages.captchaMissing });
    const bad = await submit({ ...goodSubmission(), captchaToken: 'forged' });
    expect(bad.status).toBe(403);
    expect(bad.json).toEqual({ statusCode: 403, message: ErrorMessages.captchaFailed });
    expect(await counts(h)).toEqual(before);
  });

  it('requires a time slot when a booking field is visible, and refuses a taken or unoffered one', async () => {
    const { bookingSlot: _slot, ...noSlot } = goodSubmission();
    expect((await submit(noSlot)).json.message).toBe('Please choose a time slot');
    expect((await submit(goodSubmission())).json).toEqual({
      statusCode: 400,
      message: ErrorMessages.slotUnavailable,
    });
    expect((await submit(goodSubmission(`${day(1)}T08:05:00Z`, `${day(1)}T09:05:00Z`))).json.message).toBe(
      'The selected time slot is not offered by this form',
    );
  });

  it('multi-studio forms need a studioId, and the calendar must belong to that studio', async () => {
    const body = {
      data: { [FIELD.email]: 'grace@example.com' },
      bookingSlot: {
        appointmentTypeId: ID.appointmentTypeTrial,
        calendarId: ID.calendarBerlin,
        startDateTime: `${day(9)}T13:00:00Z`,
        endDateTime: `${day(9)}T14:00:00Z`,
      },
    };
    expect((await submit(body, ID.formStudios)).json).toEqual({
      statusCode: 400,
      message: 'Please choose a studio',
    });
    expect((await submit({ ...body, studioId: 'new-york' }, ID.formStudios)).json).toEqual({
      statusCode: 400,
      message: ErrorMessages.calendarStudioMismatch,
    });
    expect((await submit({ ...body, studioId: 'berlin' }, ID.formStudios)).status).toBe(200);
  });
});

describe('captcha provider failures fail closed', () => {
  let provider: Server;
  let delayMs = 0;
  let answer = '{"success":true}';
  beforeAll(async () => {
    provider = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(answer), delayMs);
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => provider.close(resolve)));

  it.each([
    ['slow', 1000, '{"success":true}'],
    ['garbled', 0, '<html>oops</html>'],
  ])('a %s provider gives 403 and nothing is stored', async (_what, delay, body) => {
    delayMs = delay;
    answer = body;
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/verify`;
    const h = await createHarness('fetch', {
      rateLimit: { enabled: false },
      captcha: createHttpCaptchaVerifier({ verifyUrls: { turnstile: url }, timeoutMs: 200 }),
    });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    const before = await counts(h);
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(),
      headers,
    });
    expect(res.json).toEqual({ statusCode: 403, message: ErrorMessages.captchaFailed });
    expect(await counts(h)).toEqual(before);
    await h.close();
  });

  it('a provider that is down gives 403 and nothing is stored', async () => {
    const down: CaptchaVerifier = {
      verify: async () => Promise.reject(new CaptchaUnavailableError('connection refused')),
    };
    const h = await createHarness('fetch', { rateLimit: { enabled: false }, captcha: down });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(),
      headers,
    });
    expect(res.status).toBe(403);
    expect((await counts(h)).submissions).toBe(0);
    await h.close();
  });
});

describe('submit race', { timeout: 60_000 }, () => {
  it('20 concurrent submits for a slot of capacity 3: 3 x 200, 17 x 400, and exactly 3 of everything', async () => {
    const h = await createHarness('express', {
      rateLimit: { enabled: false },
      captcha: fakeCaptcha,
      webhooks: { allowPrivateUrls: true },
    });
    const room = await h.service.admin.resources.create(ID.organization, {
      name: 'Room 3',
      maxParallelBookings: 3,
      calendarIds: [ID.calendarBerlin],
      appointmentTypeIds: [ID.appointmentTypeTrial],
    });
    await h.service.admin.resourceSlots.create(ID.organization, {
      calendarId: ID.calendarBerlin,
      resourceId: room.id,
      weekday: 4,
      startTime: '10:00',
      endTime: '11:00',
    });
    // Deliveries are queued in the transaction; the receiver is not needed for the count.
    await h.service.admin.forms.create(ID.organization, {
      ...FORMS.guarded,
      webhookUrl: 'http://127.0.0.1:9/hook',
    });
    const body = goodSubmission(`${day(4)}T09:00:00.000Z`, `${day(4)}T10:00:00.000Z`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
          body: {
            ...body,
            bookingSlot: { ...body.bookingSlot, resourceId: room.id },
            data: { ...body.data, [FIELD.email]: `u${i}@example.com` },
          },
          headers,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(
      results.filter((r) => r.status === 400 && r.json.message === ErrorMessages.slotUnavailable),
    ).toHaveLength(17);
    const stored = await h.service.storage.transaction(async (tx) => ({
      leads: (await tx.entries.list(ID.organization, { tableId: ID.table })).length,
      bookings: (
        await tx.bookings.listOverlapping(
          ID.organization,
          [room.id],
          Date.parse(body.bookingSlot.startDateTime),
          Date.parse(body.bookingSlot.endDateTime),
        )
      ).length,
      submissions: (await tx.formSubmissions.list(ID.organization, { formId: ID.formGuarded })).length,
      deliveries: (await tx.webhookDeliveries.list(ID.organization, { formId: ID.formGuarded })).length,
    }));
    expect(stored).toEqual({ leads: 3, bookings: 3, submissions: 3, deliveries: 3 });
    // Two timers per booking made, none for the refused attempts.
    const jobs = await h.service.storage.transaction((tx) => tx.jobs.listDue(Number.MAX_SAFE_INTEGER, 1000));
    expect(jobs.filter((job) => job.type.startsWith('calendar.appointment.'))).toHaveLength(6);
    await h.close();
  });
});
