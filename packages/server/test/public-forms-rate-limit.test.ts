import { ErrorMessages, operations } from '@leadbook/contract';
import { MemoryStore } from 'express-rate-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADAPTERS, createHarness, type CallOptions, type Harness } from './harness';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { countingStorage } from './storage-proxy';
import { FORMS } from './studio';
import { day } from '../../../test-support/time';

async function harness(kind: (typeof ADAPTERS)[number], trustProxy = false) {
  const h = await createHarness(kind, {}, { trustProxy });
  await h.service.admin.forms.create(ID.organization, FORMS.newsletter);
  await h.service.admin.forms.create(ID.organization, FORMS.studios);
  return h;
}

const repeat = async (n: number, fn: () => Promise<{ status: number }>) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await fn()).status);
  return statuses;
};

describe.each(ADAPTERS)('public form rate limits through %s', (kind) => {
  let h: Harness;
  afterEach(() => h.close());

  it('the 31st GET in a minute gets 429 with the RateLimit headers and Retry-After; another form is unaffected', async () => {
    h = await harness(kind);
    const get = (formId: string) => h.call('GET', `/public/forms/${formId}/availability`);
    expect(await repeat(30, () => get(ID.formNewsletter))).toEqual(Array(30).fill(200));
    const limited = await get(ID.formNewsletter);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ statusCode: 429, message: ErrorMessages.tooManyRequests });
    expect(limited.headers.get('ratelimit')).toMatch(/^limit=30, remaining=0, reset=\d+$/);
    expect(limited.headers.get('ratelimit-policy')).toBe('30;w=60');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(ID.formStudios)).status).toBe(200);
  });

  it('the 6th submit gets 429, counted before the body is looked at', async () => {
    h = await harness(kind);
    const submit = () => h.call('POST', `/public/forms/${ID.formNewsletter}/submit`, { body: { data: {} } });
    expect(await repeat(5, submit)).toEqual(Array(5).fill(400));
    expect((await submit()).status).toBe(429);
  });

  it('the 121st telemetry call gets 429', async () => {
    h = await harness(kind);
    const send = () =>
      h.call('POST', `/public/forms/${ID.formNewsletter}/telemetry`, {
        body: { events: [{ name: 'view' }] },
      });
    expect(await repeat(120, send)).toEqual(Array(120).fill(204));
    expect((await send()).status).toBe(429);
  });
});

describe('client IPs', () => {
  let h: Harness;
  afterEach(() => h.close());
  const exhaust = async (options: CallOptions) => {
    for (let i = 0; i < 30; i++)
      await h.call('GET', `/public/forms/${ID.formNewsletter}/availability`, options);
    return h.call('GET', `/public/forms/${ID.formNewsletter}/availability`, options);
  };

  it('fetch hosts: another client IP keeps its own count', async () => {
    h = await harness('fetch');
    expect((await exhaust({ clientIp: '198.51.100.7' })).status).toBe(429);
    expect(
      (await h.call('GET', `/public/forms/${ID.formNewsletter}/availability`, { clientIp: '198.51.100.8' }))
        .status,
    ).toBe(200);
  });

  it('Express with trust proxy: another X-Forwarded-For client keeps its own count', async () => {
    h = await harness('express', true);
    expect((await exhaust({ headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(429);
    expect(
      (
        await h.call('GET', `/public/forms/${ID.formNewsletter}/availability`, {
          headers: { 'x-forwarded-for': '198.51.100.8' },
        })
      ).status,
    ).toBe(200);
  });

  it('Express without trust proxy: a spoofed X-Forwarded-For does not reset the count', async () => {
    h = await harness('express', false);
    expect((await exhaust({})).status).toBe(429);
    const spoofed = await h.call('GET', `/public/forms/${ID.formNewsletter}/availability`, {
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(spoofed.status).toBe(429);
  });
});

describe('one budget per endpoint', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('each GET endpoint has a budget of its own: a widget stepping through 31 days of slots leaves the others whole', async () => {
    h = await createHarness('fetch', {}, { fullStudio: true });
    const slotsOf = (days: number) =>
      h.call(
        'GET',
        `/public/forms/${ID.form}/slots?${new URLSearchParams({
          calendarId: ID.calendarBerlin,
          appointmentTypeId: ID.appointmentTypeTrial,
          start: `${day(days)}T00:00:00.000Z`,
          end: `${day(days + 1)}T00:00:00.000Z`,
        })}`,
      );
    const days = await Promise.all(Array.from({ length: 30 }, (_, i) => slotsOf(i + 1)));
    expect(days.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    const limited = await slotsOf(31);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit')).toMatch(/^limit=30, remaining=0, reset=\d+$/);
    for (const endpoint of [`appointment-types?calendarId=${ID.calendarBerlin}`, 'availability', 'config']) {
      const answer = await h.call('GET', `/public/forms/${ID.form}/${endpoint}`);
      expect([endpoint, answer.status]).toEqual([endpoint, 200]);
      expect(answer.headers.get('ratelimit')).toMatch(/^limit=30, remaining=29, reset=\d+$/);
      expect(answer.headers.get('ratelimit-policy')).toBe('30;w=60');
    }
  });

  const exhaustedAfter = async (path: string) => {
    for (let n = 0; n < 100; n++) {
      if ((await h.call('GET', `/public/forms/${ID.formNewsletter}/${path}`)).status === 429) return n;
    }
    return Infinity;
  };

  it('`limits.read` sets every GET budget, each still its own; a GET endpoint named beside it keeps its value', async () => {
    const names: string[] = [];
    h = await createHarness(
      'fetch',
      {
        rateLimit: {
          limits: { read: 3, slots: 5, submit: 2 },
          store: (name) => (names.push(name), new MemoryStore()),
        },
      },
      { fullStudio: true },
    );
    expect([...names].sort()).toEqual(
      [
        'appointmentTypes',
        'availability',
        'calendars',
        'config',
        'hold',
        'slots',
        'submit',
        'telemetry',
      ].sort(),
    );
    expect(await exhaustedAfter('availability')).toBe(3);
    expect(await exhaustedAfter('config')).toBe(3);
    expect(await exhaustedAfter(`appointment-types?calendarId=${ID.calendarBerlin}`)).toBe(3);
    expect(await exhaustedAfter('slots')).toBe(5);
  });
});

describe('form ids that cannot be a form', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('answer 404 Form not found on every public route before any rate-limit store or storage sees them', async () => {
    const { storage, calls } = await countingStorage();
    const increments: string[] = [];
    class RecordingStore extends MemoryStore {
      override increment(key: string) {
        increments.push(key);
        return super.increment(key);
      }
    }
    h = await createHarness('fetch', { storage, rateLimit: { store: () => new RecordingStore() } });
    const lookups = () => calls.get('forms.find') ?? 0;
    const before = lookups();
    const routes = Object.values(operations).filter((operation) => operation.surface === 'public-form');
    for (const id of ['%00', `${ID.formNewsletter}%00`, 'not-a-form', '%E0%A4%A', 'x'.repeat(200)]) {
      for (const { method, path } of routes) {
        const answer = await h.call(method, path.replace(':id', id), {
          headers: { origin: 'https://www.example.com' },
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect([method, path, answer.status, answer.json]).toEqual([
          method,
          path,
          404,
          { statusCode: 404, message: ErrorMessages.formNotFound },
        ]);
        expect(answer.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
        expect(answer.headers.get('ratelimit')).toBeNull();
      }
    }
    expect(increments).toEqual([]);
    expect(lookups()).toBe(before);
  });
});

describe('rate limiter set-up', () => {
  it('creating a service prints no express-rate-limit validation errors', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = await harness('express');
    await h.call('GET', `/public/forms/${ID.formNewsletter}/availability`);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    errors.mockRestore();
    warnings.mockRestore();
    await h.close();
  });
});
