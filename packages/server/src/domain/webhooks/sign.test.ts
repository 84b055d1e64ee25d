import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, isWebhookSecret, signWebhook } from './sign';

describe('webhook signing', () => {
  it('generates whsec_ secrets of 24 random bytes that standardwebhooks accepts', () => {
    const secrets = new Set(Array.from({ length: 20 }, generateWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
      expect(isWebhookSecret(secret)).toBe(true);
      expect(() => new Webhook(secret)).not.toThrow();
    }
  });

  it('signs v1 HMAC-SHA256 over id.timestamp.body, verifiable by standardwebhooks', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ hello: 'wörld' });
    const ts = Math.floor(Date.now() / 1000);
    const headers = signWebhook(secret, 'msg_1', ts, body);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(ts));
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`msg_1.${ts}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ hello: 'wörld' });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
  });

  it('signs with every secret given, each signature verifying with its own secret alone', () => {
    const [current, previous, stranger] = [
      generateWebhookSecret(),
      generateWebhookSecret(),
      generateWebhookSecret(),
    ];
    const body = '{"type":"webhook.ping"}';
    const ts = Math.floor(Date.now() / 1000);
    const headers = signWebhook([current, previous], 'msg_2', ts, body);
    const parts = headers['webhook-signature'].split(' ');
    expect(parts).toEqual([
      signWebhook(current, 'msg_2', ts, body)['webhook-signature'],
      signWebhook(previous, 'msg_2', ts, body)['webhook-signature'],
    ]);
    expect(new Webhook(current).verify(body, headers)).toEqual({ type: 'webhook.ping' });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ type: 'webhook.ping' });
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => signWebhook([], 'msg_2', ts, body)).toThrow(RangeError);
  });

  it('rejects a bad timestamp and a bad secret', () => {
    expect(() => signWebhook(generateWebhookSecret(), 'm', 1.5, '{}')).toThrow(RangeError);
    expect(() => signWebhook('whsec_', 'm', 1, '{}')).toThrow();
    expect(() => signWebhook('whsec_!!!', 'm', 1, '{}')).toThrow();
  });

  it('recognises well-formed secrets', () => {
    expect(isWebhookSecret('whsec_')).toBe(false);
    expect(isWebhookSecret('whsec_abc')).toBe(false);
    expect(isWebhookSecret('sk_' + generateWebhookSecret().slice(6))).toBe(false);
    expect(isWebhookSecret('whsec_' + Buffer.alloc(8).toString('base64'))).toBe(false);
    expect(isWebhookSecret('whsec_' + Buffer.alloc(16, 1).toString('base64'))).toBe(true);
  });
});
