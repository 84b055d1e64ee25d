import { errorFromResponse, ConnectionError } from '@leadbook/sdk/public-form';
import { describe, expect, it } from 'vitest';
import { describeError } from './error-message';
import { messagesFor } from './messages';

const en = messagesFor('en');
const envelope = (status: number, message: string, headers: Record<string, string> = {}) =>
  errorFromResponse(status, { statusCode: status, message }, new Headers(headers));

describe('every public form error envelope has a message for the visitor', () => {
  it('tells a lost race and sends the visitor back to the times', () => {
    const lost = describeError(envelope(400, 'The selected time slot is no longer available'), en);
    expect(lost).toEqual({ message: en.slotTaken, status: 400, slotTaken: true });
  });

  it('says when to retry after a 429', () => {
    const limited = describeError(envelope(429, 'Too Many Requests', { 'retry-after': '42' }), en);
    expect(limited.message).toBe('Too many requests. Please try again in 42 seconds.');
    expect(
      describeError(envelope(429, 'Too Many Requests', { 'retry-after': '42' }), messagesFor('de')).message,
    ).toBe('Zu viele Anfragen. Bitte versuchen Sie es in 42 Sekunden erneut.');
  });

  it("keeps the service's validation message, which names the field", () => {
    expect(describeError(envelope(400, 'Email must be a valid email address'), en)).toEqual({
      message: 'Email must be a valid email address',
      status: 400,
    });
  });

  it('takes the field a validation message is about from the data path of its details', () => {
    const message = 'Name is required';
    const details = [{ path: 'data.f-child-name', message }];
    const error = errorFromResponse(400, { statusCode: 400, message, details }, new Headers());
    expect(describeError(error, en)).toEqual({ message, status: 400, fieldId: 'f-child-name' });
    // A problem with the body, not a field: no field to put it at.
    const body = [{ path: 'body', message: 'Unrecognized key' }];
    const shape = errorFromResponse(
      400,
      { statusCode: 400, message: 'Invalid', details: body },
      new Headers(),
    );
    expect(describeError(shape, en)).toEqual({ message: 'Invalid', status: 400 });
  });

  it('maps 403, 404, 5xx and network failures to the message table', () => {
    expect(describeError(envelope(403, 'Captcha verification failed'), en).message).toBe(en.captchaFailed);
    expect(describeError(envelope(403, 'Origin not allowed'), en).message).toBe(en.originNotAllowed);
    expect(describeError(envelope(404, 'Form not found'), en).message).toBe(en.notFound);
    expect(describeError(envelope(500, 'Internal error'), en).message).toBe(en.serverError);
    expect(describeError(new ConnectionError({ cause: new TypeError('fetch failed') }), en).message).toBe(
      en.offline,
    );
    expect(describeError(new Error('?'), messagesFor('fr')).message).toBe(en.unknownError);
  });
});
