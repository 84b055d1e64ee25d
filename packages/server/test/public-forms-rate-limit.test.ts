import { ErrorMessages } from '@leadbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADAPTERS, createHarness, type CallOptions, type Harness } from './harness';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { FORMS } from './studio';

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
