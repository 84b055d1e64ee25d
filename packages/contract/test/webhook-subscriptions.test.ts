import { describe, expect, it } from 'vitest';
import * as c from '../src/index';
import * as ex from './examples';

const booked = {
  id: ex.ids.booking,
  type: 'calendar.appointment.booked',
  occurredAt: ex.booking.createdAt,
  organizationId: ex.ids.org,
  trigger: { source: 'connect', apiTokenId: ex.ids.token, memberId: null },
  payload: { booking: ex.booking },
} as const;

const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

describe('the webhook delivery envelope', () => {
  it('carries an event of SPEC 6 as data, under its type and version 1', () => {
    const parsed = c.WebhookEventSchema.parse({
      type: booked.type,
      version: 1,
      timestamp: booked.occurredAt,
      data: booked,
    });
    expect(parsed.type === 'calendar.appointment.booked' && parsed.data.payload.booking.id).toBe(
      ex.booking.id,
    );
  });

  it('has one member for every type a delivery can carry, the extension events included', () => {
    expect([...c.WebhookEventSchema.optionsMap.keys()].sort()).toEqual([...c.WEBHOOK_EVENT_TYPES].sort());
    const failed = {
      ...booked,
      type: 'calendar.appointment.meetingFailed',
      payload: { booking: ex.booking, reason: 'HTTP 400: invalid host' },
    } as const;
    const delivery = { type: failed.type, version: 1, timestamp: failed.occurredAt, data: failed };
    expect(c.WebhookEventSchema.parse(delivery)).toEqual(delivery);
  });

  it('refuses data of another type than the envelope says, and an unknown version', () => {
    const wrong = { type: 'table.entry.added', version: 1, timestamp: booked.occurredAt, data: booked };
    expect(c.WebhookEventSchema.safeParse(wrong).success).toBe(false);
    const later = { type: booked.type, version: 2, timestamp: booked.occurredAt, data: booked };
    expect(c.WebhookEventSchema.safeParse(later).success).toBe(false);
  });

  it('has a ping with the subscription it tests', () => {
    const ping = {
      type: 'webhook.ping',
      version: 1,
      timestamp: booked.occurredAt,
      data: { organizationId: ex.ids.org, subscriptionId: ex.ids.token, message: 'hello' },
    };
    expect(c.WebhookEventSchema.parse(ping)).toEqual(ping);
    expect(c.WEBHOOK_EVENT_TYPES).toEqual([...c.EVENT_TYPES, 'webhook.ping']);
  });
});

describe('webhook subscription input', () => {
  const base = { url: 'https://hooks.example.com/leadbook', eventTypes: ['*'] };

  it('fills defaults and drops repeated event types', () => {
    expect(c.WebhookSubscriptionInputSchema.parse(base)).toEqual({ ...base, description: '', active: true });
    expect(
      c.WebhookSubscriptionInputSchema.parse({
        ...base,
        eventTypes: ['table.entry.added', 'table.entry.added'],
      }).eventTypes,
    ).toEqual(['table.entry.added']);
  });

  it.each([
    ['no event type', { ...base, eventTypes: [] }, 'eventTypes'],
    ['an unknown event type', { ...base, eventTypes: ['lead.created'] }, 'eventTypes.0'],
    ['"*" beside a type', { ...base, eventTypes: ['*', 'table.entry.added'] }, 'eventTypes'],
    ['a relative URL', { ...base, url: '/hook' }, 'url'],
    ['a URL of 2049 characters', { ...base, url: `https://a.example/${'x'.repeat(2031)}` }, 'url'],
    ['a long description', { ...base, description: 'x'.repeat(501) }, 'description'],
    ['a secret without the prefix', { ...base, secret: secret.slice(6) }, 'secret'],
    ['a secret of 8 bytes', { ...base, secret: `whsec_${Buffer.alloc(8).toString('base64')}` }, 'secret'],
    ['an unknown field', { ...base, events: ['*'] }, ''],
  ])('refuses %s', (_what, input, path) => {
    const result = c.WebhookSubscriptionInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('accepts a fixed secret of 16 to 64 bytes', () => {
    expect(c.WebhookSubscriptionInputSchema.parse({ ...base, secret }).secret).toBe(secret);
    const long = `whsec_${Buffer.alloc(65).toString('base64')}`;
    expect(c.WebhookSecretSchema.safeParse(long).success).toBe(false);
  });

  it('bounds the grace period of a rotation to 7 days, 24 hours by default', () => {
    expect(c.RotateWebhookSecretInputSchema.parse({})).toEqual({ gracePeriodMs: 86_400_000 });
    expect(c.RotateWebhookSecretInputSchema.safeParse({ gracePeriodMs: 8 * 86_400_000 }).success).toBe(false);
    expect(c.RotateWebhookSecretInputSchema.safeParse({ gracePeriodMs: -1 }).success).toBe(false);
  });
});
