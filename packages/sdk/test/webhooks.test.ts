import { runInNewContext } from 'node:vm';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type ServiceEvent, type WebhookEvent } from '@leadbook/contract';
import {
  isAppointmentBooked,
  isAppointmentDeleted,
  isAppointmentEnded,
  isAppointmentRescheduled,
  isAppointmentStarted,
  isLeadStateChanged,
  isLeadbookError,
  isMeetingCreated,
  isMeetingFailed,
  isNotificationFailed,
  isCalendarEventFailed,
  isTableEntryAdded,
  isUnknownWebhookEvent,
  isWebhookEventType,
  isWebhookPing,
  isWebhookVerificationError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index';
import { NOW } from '../../../test-support/time';

const secret = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
const other = `whsec_${Buffer.alloc(24, 2).toString('base64')}`;

const event: ServiceEvent = {
  id: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819',
  type: 'calendar.appointment.booked',
  occurredAt: new Date(NOW).toISOString(),
  organizationId: 'org_demo',
  trigger: { source: 'connect', apiTokenId: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d', memberId: null },
  payload: {
    booking: {
      id: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819',
      organizationId: 'org_demo',
      calendarId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      createdAt: new Date(NOW).toISOString(),
      startDateTime: new Date(NOW + 86_400_000).toISOString(),
      endDateTime: new Date(NOW + 90_000_000).toISOString(),
    },
  },
};
const envelope = { type: event.type, version: 1, timestamp: event.occurredAt, data: event };
const body = JSON.stringify(envelope);

/** The headers the service sends for `payload` at `atMs`, signed with `keys`. */
function signed(payload: string, atMs = Date.now(), keys: string[] = [secret], id = 'msg_1') {
  const signature = keys.map((key) => new Webhook(key).sign(id, new Date(atMs), payload)).join(' ');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(atMs / 1000)),
    'webhook-signature': signature,
  };
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('verifyWebhook', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('returns the typed event of a delivery signed with the secret: string, bytes or Headers', () => {
    const headers = signed(body);
    expect(verifyWebhook(secret, headers, body)).toEqual(envelope);
    expect(verifyWebhook(secret, headers, new TextEncoder().encode(body))).toEqual(envelope);
    expect(verifyWebhook(secret, headers, Buffer.from(body))).toEqual(envelope);
    expect(verifyWebhook(secret, new Headers(headers), new TextEncoder().encode(body).buffer)).toEqual(
      envelope,
    );
    // Express lower-cases names; others may not.
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    const verified = verifyWebhook(secret, shouted, body);
    expect(isAppointmentBooked(verified) && verified.data.payload.booking.id).toBe(event.id);
  });

  it('accepts either secret while the service signs with both (a rotation), and a list of secrets', () => {
    const headers = signed(body, Date.now(), [other, secret]);
    expect(verifyWebhook(secret, headers, body)).toEqual(envelope);
    expect(verifyWebhook(other, headers, body)).toEqual(envelope);
    expect(verifyWebhook([other, secret], signed(body), body)).toEqual(envelope);
  });

  it('tolerates clock skew within the Standard Webhooks window of 5 minutes, either way', () => {
    expect(verifyWebhook(secret, signed(body, NOW + 290_000), body)).toEqual(envelope);
    expect(verifyWebhook(secret, signed(body, NOW - 290_000), body)).toEqual(envelope);
    expect(refusal(() => verifyWebhook(secret, signed(body, NOW - 310_000), body))).toMatchObject({
      reason: 'timestamp_too_old',
    });
    expect(refusal(() => verifyWebhook(secret, signed(body, NOW + 310_000), body))).toMatchObject({
      reason: 'timestamp_too_new',
    });
  });

  it.each([
    ['another secret', () => verifyWebhook(other, signed(body), body), 'invalid_signature'],
    [
      'a changed body',
      () => verifyWebhook(secret, signed(body), body.replace('org_demo', 'org_evil')),
      'invalid_signature',
    ],
    [
      'a missing signature',
      () => verifyWebhook(secret, { ...signed(body), 'webhook-signature': '' }, body),
      'missing_headers',
    ],
    ['no headers', () => verifyWebhook(secret, {}, body), 'missing_headers'],
    [
      'a timestamp that is no number',
      () => verifyWebhook(secret, { ...signed(body), 'webhook-timestamp': 'soon' }, body),
      'invalid_timestamp',
    ],
    ['a secret without whsec_', () => verifyWebhook(secret.slice(6), signed(body), body), 'invalid_secret'],
    ['no secret at all', () => verifyWebhook([], signed(body), body), 'invalid_secret'],
    [
      'a signed body that is not JSON',
      () => verifyWebhook(secret, signed('hello'), 'hello'),
      'invalid_payload',
    ],
  ])('refuses %s with a typed error', (_what, attempt, reason) => {
    const error = refusal(attempt);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(isWebhookVerificationError(error)).toBe(true);
    expect(isLeadbookError(error)).toBe(true);
    expect(error).toMatchObject({ reason, name: 'WebhookVerificationError' });
    expect(String((error as Error).message)).not.toContain(secret.slice(6));
  });

  it.each([
    ['a body parsed as JSON (app.use(express.json()))', JSON.parse(body) as unknown, /got a parsed object/],
    ['no body at all (no body parser on the route)', undefined, /got undefined/],
    ['null', null, /got null/],
    ['a number', 42, /got a number/],
  ])('refuses %s with a typed error that asks for the raw body', (_what, parsed, got) => {
    const error = refusal(() => verifyWebhook(secret, signed(body), parsed as string));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ reason: 'raw_body_required' });
    const { message } = error as WebhookVerificationError;
    expect(message).toMatch(got);
    expect(message).toContain('raw request body');
    expect(message).toContain("express.raw({ type: 'application/json' })");
  });

  it('reads bytes made in another realm (where instanceof Uint8Array is false)', () => {
    const bytes = [...new TextEncoder().encode(body)];
    const foreign = runInNewContext('Uint8Array.from(bytes)', { bytes }) as Uint8Array;
    expect(foreign instanceof Uint8Array).toBe(false);
    expect(verifyWebhook(secret, signed(body), foreign)).toEqual(envelope);
    const buffer = runInNewContext('Uint8Array.from(bytes).buffer', { bytes }) as ArrayBuffer;
    expect(verifyWebhook(secret, signed(body), buffer)).toEqual(envelope);
  });

  it('returns a type added after this SDK as an unknown event: signature checked, type and data kept', () => {
    const later = {
      type: 'calendar.appointment.noShow',
      version: 1,
      timestamp: event.occurredAt,
      data: event,
    };
    const text = JSON.stringify(later);
    const verified = verifyWebhook(secret, signed(text), text);
    expect(verified).toEqual(later);
    expect(isUnknownWebhookEvent(verified)).toBe(true);
    expect(isAppointmentBooked(verified)).toBe(false);
    // Its signature is checked like any other's.
    expect(refusal(() => verifyWebhook(other, signed(text), text))).toMatchObject({
      reason: 'invalid_signature',
    });
  });

  it('refuses a signed body that is not a delivery envelope, naming what does not match', () => {
    const refused = (value: unknown) => {
      const text = JSON.stringify(value);
      return refusal(() => verifyWebhook(secret, signed(text), text)) as WebhookVerificationError;
    };
    const known = refused({ ...envelope, data: { ...event, payload: {} } });
    expect(known.reason).toBe('invalid_payload');
    expect(known.issues.map((issue) => issue.path)).toContain('data.payload.booking');
    const unversioned = refused({
      type: 'calendar.appointment.noShow',
      timestamp: event.occurredAt,
      data: {},
    });
    expect(unversioned.issues.map((issue) => issue.path)).toEqual(['version']);
    expect(refused({ ...envelope, type: 42 }).issues.map((issue) => issue.path)).toContain('type');
    expect(refused([envelope]).reason).toBe('invalid_payload');
  });
});

describe('webhook event type guards', () => {
  const of = (type: string) => ({ type }) as unknown as WebhookEvent;
  it('narrow each known type and nothing else; every other type is unknown', () => {
    const guards = [
      [isTableEntryAdded, 'table.entry.added'],
      [isLeadStateChanged, 'table.entry.leadState.changed'],
      [isAppointmentBooked, 'calendar.appointment.booked'],
      [isAppointmentStarted, 'calendar.appointment.hasStarted'],
      [isAppointmentEnded, 'calendar.appointment.hasEnded'],
      [isAppointmentDeleted, 'calendar.appointment.deleted'],
      [isMeetingCreated, 'calendar.appointment.meetingCreated'],
      [isMeetingFailed, 'calendar.appointment.meetingFailed'],
      [isAppointmentRescheduled, 'calendar.appointment.rescheduled'],
      [isNotificationFailed, 'calendar.appointment.notificationFailed'],
      [isCalendarEventFailed, 'calendar.appointment.calendarEventFailed'],
      [isWebhookPing, 'webhook.ping'],
    ] as const;
    expect(guards.map(([, type]) => type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [guard, type] of guards) {
      for (const [, candidate] of guards) expect(guard(of(candidate))).toBe(candidate === type);
      expect(isWebhookEventType(of(type), type)).toBe(true);
      expect(isUnknownWebhookEvent(of(type))).toBe(false);
    }
    expect(isUnknownWebhookEvent(of('calendar.appointment.noShow'))).toBe(true);
  });
});
