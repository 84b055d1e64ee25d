import { ErrorMessages, PublicFormConfigSchema, PublicSlotsResponseSchema } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { day } from '../../../test-support/time';
import {
  STUDIO_FORM_FIELDS as FIELD,
  STUDIO_IDS as ID,
  STUDIO_TOKENS as TOKEN,
} from '@leadbook/server/studio';
import { FORMS } from './studio';

const ORIGIN = { origin: 'https://www.example.com' };

describe.each(ADAPTERS)('public form access and reads through %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { rateLimit: { enabled: false } });
    for (const form of [FORMS.guarded, FORMS.studios, FORMS.draft, FORMS.newsletter])
      await h.service.admin.forms.create(ID.organization, form);
  });
  afterAll(() => h.close());
  const get = (path: string, headers: Record<string, string> = ORIGIN) => h.call('GET', path, { headers });

  it.each([
    'availability',
    'config',
    `slots?calendarId=${ID.calendarBerlin}`,
    `appointment-types?calendarId=${ID.calendarBerlin}`,
  ])('answers 404 for a missing or unpublished form on %s', async (endpoint) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', ID.formDraft, 'not-a-uuid']) {
      const res = await get(`/public/forms/${id}/${endpoint}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ statusCode: 404, message: ErrorMessages.formNotFound });
    }
  });

  it('answers 404 on submit and telemetry of an unpublished form, before validating the body', async () => {
    expect(
      (await h.call('POST', `/public/forms/${ID.formDraft}/submit`, { body: { nonsense: true } })).status,
    ).toBe(404);
    expect((await h.call('POST', `/public/forms/${ID.formDraft}/telemetry`, { body: {} })).status).toBe(404);
  });

  it('refuses a browser origin outside the allowlist with 403 Origin not allowed', async () => {
    const res = await get(`/public/forms/${ID.formGuarded}/availability`, {
      origin: 'https://evil.example.net',
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ statusCode: 403, message: ErrorMessages.originNotAllowed });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts the same origin in another case, with a trailing slash, and a host-only entry', async () => {
    for (const origin of ['https://WWW.Example.com', 'https://www.example.com/', 'http://shop.example.org']) {
      const res = await get(`/public/forms/${ID.formGuarded}/availability`, { origin });
      expect([origin, res.status]).toEqual([origin, 200]);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toContain('Origin');
    }
    // Requests without an Origin (servers, curl) are not browser requests: no allowlist applies.
    expect((await get(`/public/forms/${ID.formGuarded}/availability`, {})).status).toBe(200);
  });

  it('answers a CORS preflight from any origin', async () => {
    const res = await h.call('OPTIONS', `/public/forms/${ID.formGuarded}/submit`, {
      headers: {
        origin: 'https://evil.example.net',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example.net');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('availability reports the captcha provider; config the public settings and never a secret', async () => {
    expect((await get(`/public/forms/${ID.formGuarded}/availability`)).json).toEqual({
      available: true,
      captchaProvider: 'turnstile',
    });
    expect((await get(`/public/forms/${ID.formNewsletter}/availability`)).json).toEqual({
      available: true,
      captchaProvider: null,
    });
    const config = await get(`/public/forms/${ID.formGuarded}/config`);
    const parsed = PublicFormConfigSchema.parse(config.json);
    expect(parsed.captcha).toEqual({ provider: 'turnstile', siteKey: 'site-key-123' });
    expect(parsed.fields.map((f) => f.id)).toContain(FIELD.booking);
    const stored = await h.service.admin.forms.get(ID.organization, ID.formGuarded);
    for (const path of ['config', 'availability']) {
      const text = (await get(`/public/forms/${ID.formGuarded}/${path}`)).text;
      expect(text).not.toContain('captcha-secret-xyz');
      expect(text).not.toContain(stored!.webhookSecret);
    }
  });

  it('lists the allowed appointment types with a publicly bookable slot on the calendar', async () => {
    const berlin = await get(
      `/public/forms/${ID.formStudios}/appointment-types?calendarId=${ID.calendarBerlin}`,
    );
    expect(berlin.json).toEqual([
      { id: ID.appointmentTypeTrial, name: 'Trial session', duration: 60 },
      { id: ID.appointmentTypeClass, name: 'Group class', duration: 60 },
    ]);
    // Group classes are held in the studio room only, whose New York slots are not publicly bookable.
    expect(
      (await get(`/public/forms/${ID.formStudios}/appointment-types?calendarId=${ID.calendarNewYork}`)).json,
    ).toEqual([{ id: ID.appointmentTypeTrial, name: 'Trial session', duration: 60 }]);
  });

  it('lists only publicly bookable slots, with meta', async () => {
    const query = new URLSearchParams({
      appointmentTypeId: ID.appointmentTypeTrial,
      calendarId: ID.calendarBerlin,
      start: `${day(1)}T00:00:00Z`,
      end: `${day(3)}T00:00:00Z`,
    });
    const res = await get(`/public/forms/${ID.formGuarded}/slots?${query}`);
    const body = PublicSlotsResponseSchema.parse(res.json);
    expect(body.meta).toEqual({ appointmentTypeName: 'Trial session', bookingLength: 60, searchLength: 15 });
    expect(body.data[0]).toMatchObject({
      resourceId: ID.resourceCoach,
      resourceName: 'Coach',
      appointmentTypeId: ID.appointmentTypeTrial,
      startDateTime: `${day(1)}T08:00:00.000Z`,
      available: true,
      currentBookings: 0,
      maxParallelBookings: 1,
    });
    expect(new Set(body.data.map((s) => s.resourceId))).toEqual(new Set([ID.resourceCoach, ID.resourceRoom]));
    const ny = new URLSearchParams({
      appointmentTypeId: ID.appointmentTypeTrial,
      calendarId: ID.calendarNewYork,
      start: `${day(3)}T00:00:00Z`,
      end: `${day(4)}T00:00:00Z`,
      studioId: 'new-york',
    });
    // In New York the studio room's slots are not publicly bookable: the Connect API offers its
    // candidates, the form only the coach's.
    const offered = PublicSlotsResponseSchema.parse(
      (await get(`/public/forms/${ID.formStudios}/slots?${ny}`)).json,
    ).data;
    ny.delete('studioId');
    const connect = await h.call('GET', `/connect/availability/?${ny}`, { token: TOKEN.read });
    const all = connect.json.data as Array<{ resourceId: string; startDateTime: string }>;
    expect(all.filter((s) => s.resourceId === ID.resourceRoom).length).toBeGreaterThan(0);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.map((s) => s.startDateTime)).toEqual(
      all.filter((s) => s.resourceId === ID.resourceCoach).map((s) => s.startDateTime),
    );
  });

  it.each([
    [
      'a calendar in no studio',
      ID.formStudios,
      { calendarId: ID.otherCalendar },
      ErrorMessages.calendarNotAllowed,
    ],
    [
      'a form without a booking field',
      ID.formNewsletter,
      { calendarId: ID.calendarBerlin },
      ErrorMessages.formNotConfiguredForBooking,
    ],
    [
      'a type outside the allowlist',
      ID.formGuarded,
      { calendarId: ID.calendarBerlin, appointmentTypeId: ID.appointmentTypeClass },
      ErrorMessages.appointmentTypeNotAllowed,
    ],
    [
      'a calendar of another studio',
      ID.formStudios,
      { calendarId: ID.calendarNewYork, studioId: 'berlin' },
      ErrorMessages.calendarStudioMismatch,
    ],
  ])('answers the slot search with %s: 400 and the exact message', async (_what, formId, query, message) => {
    const params = new URLSearchParams({
      appointmentTypeId: ID.appointmentTypeTrial,
      start: `${day(1)}T00:00:00Z`,
      end: `${day(2)}T00:00:00Z`,
      ...query,
    });
    const res = await get(`/public/forms/${formId}/slots?${params}`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ statusCode: 400, message });
  });

  it('answers the appointment-type list with the same messages', async () => {
    const mismatch = await get(
      `/public/forms/${ID.formStudios}/appointment-types?calendarId=${ID.calendarNewYork}&studioId=berlin`,
    );
    expect(mismatch.json).toEqual({ statusCode: 400, message: ErrorMessages.calendarStudioMismatch });
    const notAllowed = await get(
      `/public/forms/${ID.formStudios}/appointment-types?calendarId=${ID.otherCalendar}`,
    );
    expect(notAllowed.json.message).toBe(ErrorMessages.calendarNotAllowed);
    const noBooking = await get(
      `/public/forms/${ID.formNewsletter}/appointment-types?calendarId=${ID.calendarBerlin}`,
    );
    expect(noBooking.json.message).toBe(ErrorMessages.formNotConfiguredForBooking);
  });

  it('validates telemetry: 1 to 50 events, 204, stored bounded', async () => {
    const send = (events: unknown[]) =>
      h.call('POST', `/public/forms/${ID.formNewsletter}/telemetry`, { body: { events } });
    const ok = await send([
      { name: 'view', step: 1 },
      { name: 'error', errorCode: 'network', durationMs: 12 },
    ]);
    expect(ok.status).toBe(204);
    expect(ok.text).toBe('');
    expect((await send([])).status).toBe(400);
    expect((await send(Array.from({ length: 51 }, () => ({ name: 'x' })))).status).toBe(400);
    expect((await send([{ name: 'x', errorCode: 'boom' }])).status).toBe(400);
    const stored = await h.service.admin.forms.telemetry(ID.organization, ID.formNewsletter);
    expect(stored.slice(0, 2).map((r) => r.event.name)).toEqual(['error', 'view']);
  });
});
