/**
 * `verifyWebhook`: checks a webhook subscription's delivery with the `standardwebhooks` package (the
 * reference implementation of the Standard Webhooks signature scheme), then parses the body against
 * the contract's delivery envelope.
 *
 * @module
 */
import { WebhookEnvelopeSchema, WebhookEventSchema } from '@leadbook/contract';
import { Webhook, WebhookVerificationError as StandardWebhooksError } from 'standardwebhooks';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors';
import type { ReceivedWebhookEvent } from './event-types';
import { isKnownWebhookEventType } from './guards';

/**
 * The request headers, as a `Headers` object (fetch, Hono, Next.js) or a plain object (Express's
 * `req.headers`, Node's `IncomingHttpHeaders`); names are matched without regard to case.
 */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The raw request body: exactly the bytes received, before any JSON parsing. */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

const REQUIRED = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The three Standard Webhooks headers, or null when one is missing. */
function signatureHeaders(headers: WebhookHeaders): Record<string, string> | null {
  const read = (name: string): string | undefined => {
    if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    const value = key === undefined ? undefined : record[key];
    return typeof value === 'string' ? value : value?.join(' ');
  };
  const found: Record<string, string> = {};
  for (const name of REQUIRED) {
    const value = read(name);
    if (!value) return null;
    found[name] = value;
  }
  return found;
}

/** The reason of a `standardwebhooks` refusal, from its message (the package has no codes). */
function reasonOf(error: StandardWebhooksError): WebhookVerificationReason {
  if (/too old/i.test(error.message)) return 'timestamp_too_old';
  if (/too new/i.test(error.message)) return 'timestamp_too_new';
  if (/Invalid Signature Headers/i.test(error.message)) return 'invalid_timestamp';
  if (/Missing required headers/i.test(error.message)) return 'missing_headers';
  return 'invalid_signature';
}

const MESSAGES: Record<WebhookVerificationReason, string> = {
  missing_headers: 'The request lacks webhook-id, webhook-timestamp or webhook-signature',
  invalid_timestamp: 'webhook-timestamp is not a time in seconds',
  timestamp_too_old: 'webhook-timestamp is more than 5 minutes in the past',
  timestamp_too_new: 'webhook-timestamp is more than 5 minutes in the future',
  invalid_signature: 'No signature matches the secret',
  invalid_secret: 'The secret is not a whsec_ secret',
  invalid_payload: 'The body is not a Leadbook webhook delivery envelope',
  raw_body_required: 'verifyWebhook needs the raw request body, exactly as received',
};

const refuse = (reason: WebhookVerificationReason) => new WebhookVerificationError(reason, MESSAGES[reason]);

/**
 * The body as text. A value that is not the bytes received (a body parsed by `express.json()`,
 * or none because no body parser ran) is refused with a message naming the mistake, not a
 * `TypeError` from inside the decoder or a misleading `invalid_signature`.
 */
function rawText(rawBody: unknown): string {
  if (typeof rawBody === 'string') return rawBody;
  // A view check and the tag rather than instanceof, so bytes from another realm (a vm) pass too.
  if (ArrayBuffer.isView(rawBody) || Object.prototype.toString.call(rawBody) === '[object ArrayBuffer]') {
    return new TextDecoder().decode(rawBody as ArrayBufferView | ArrayBuffer);
  }
  const got =
    rawBody === undefined
      ? "undefined: no body parser read this route's body"
      : rawBody === null
        ? 'null'
        : typeof rawBody === 'object'
          ? 'a parsed object: a body parser such as app.use(express.json()) read the body first'
          : `a ${typeof rawBody}`;
  throw new WebhookVerificationError(
    'raw_body_required',
    `verifyWebhook needs the raw request body, exactly as received (a string, Buffer, Uint8Array or ArrayBuffer), but got ${got}. ` +
      'The signature covers the bytes as sent: JSON parsed and serialised again does not match them. ' +
      "Read this route's body raw: express.raw({ type: 'application/json' }) on the route, before any JSON parser " +
      '(in a fetch handler, await request.text()).',
  );
}

/**
 * Verifies a delivery of a Leadbook webhook subscription and returns its event, typed. Checks, in
 * order: the three Standard Webhooks headers are there; `webhook-timestamp` is within 5 minutes of
 * this machine's clock either way (the Standard Webhooks tolerance, which absorbs clock skew and
 * refuses replays of old requests); one of the signatures is the HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` under one of the secrets; the body is a delivery
 * envelope of `@leadbook/contract`: a type this SDK knows matches its member of `WebhookEventSchema`,
 * and a type the service added later (a subscription to `*` receives it) is returned as an
 * `UnknownWebhookEvent` with its type and data, so a receiver built today keeps accepting
 * deliveries.
 *
 * Give every secret the receiver holds: during a rotation's grace period the service signs with the
 * old and the new secret, so either verifies. Verify the raw body as received: re-serialised JSON
 * does not match the signature, so a route behind `express.json()` (or with no body parser) is
 * refused with `raw_body_required`, whose message says to read it with `express.raw()`. Deduplicate on the `webhook-id` header (also `event.data.id` for the
 * automation events): every retry of a delivery carries the same one.
 *
 * @param secret - The subscription's `whsec_` secret, or several (during a rotation).
 * @param headers - The request headers.
 * @param rawBody - The request body, exactly as received: a string or the bytes, never parsed JSON.
 * @returns The event: narrow it with `event.type` or the type guards (`isAppointmentBooked`, ...,
 *   `isUnknownWebhookEvent`).
 * @throws {@link WebhookVerificationError} with a `reason` when the delivery is refused.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { isAppointmentBooked, isWebhookVerificationError, verifyWebhook } from '@leadbook/sdk';
 *
 * const app = express();
 * // The raw bytes for this route: not app.use(express.json()) in front of it.
 * app.post('/leadbook', express.raw({ type: 'application/json' }), (req, res) => {
 *   try {
 *     const event = verifyWebhook(process.env.LEADBOOK_WEBHOOK_SECRET!, req.headers, req.body);
 *     if (isAppointmentBooked(event)) console.log('booked', event.data.payload.booking.id);
 *     res.status(204).end();
 *   } catch (error) {
 *     if (isWebhookVerificationError(error)) res.status(400).send(error.reason);
 *     else throw error;
 *   }
 * });
 * ```
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: WebhookBody,
): ReceivedWebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  let verifiers: Webhook[];
  try {
    if (secrets.length === 0 || secrets.some((s) => !s.startsWith('whsec_'))) throw refuse('invalid_secret');
    verifiers = secrets.map((s) => new Webhook(s));
  } catch {
    // The package's own message could quote part of the secret: say only what is wrong.
    throw refuse('invalid_secret');
  }
  const found = signatureHeaders(headers);
  if (!found) throw refuse('missing_headers');
  const body = rawText(rawBody);

  let refusal: WebhookVerificationReason = 'invalid_signature';
  const verified = verifiers.some((verifier) => {
    try {
      verifier.verify(body, found, { jsonParse: false });
      return true;
    } catch (error) {
      if (!(error instanceof StandardWebhooksError)) throw error;
      refusal = reasonOf(error);
      return false;
    }
  });
  if (!verified) throw refuse(refusal);

  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw refuse('invalid_payload');
  }
  return parseEnvelope(parsed);
}

/**
 * The delivery, typed: a type this SDK knows must match its own envelope; any other type (one a
 * newer service added) is read with the envelope every delivery shares, so it still verifies.
 */
function parseEnvelope(parsed: unknown): ReceivedWebhookEvent {
  const type = (parsed as { type?: unknown } | null)?.type;
  const result =
    typeof type === 'string' && !isKnownWebhookEventType(type)
      ? WebhookEnvelopeSchema.safeParse(parsed)
      : WebhookEventSchema.safeParse(parsed);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new WebhookVerificationError('invalid_payload', MESSAGES.invalid_payload, issues);
  }
  return result.data as ReceivedWebhookEvent;
}
