/**
 * Webhook subscriptions (an extension of the 2.16.0 API): the automation events sent to an
 * integrator's URL as signed Standard Webhooks POSTs. The body of every delivery is a versioned
 * envelope `{ type, version, timestamp, data }`, whose `data` is the event as
 * {@link ServiceEventSchema} describes it (or, for a ping, the subscription it tests).
 *
 * @module
 */
import { z } from 'zod';
import { EVENT_TYPES, EventTypeSchema, ServiceEventSchema, type EventOf } from './events';
import type { EventType, WebhookEvent } from './types.generated';
import { DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/**
 * The version of the delivery envelope. Fields may be added to an event within a version; a change
 * that removes or retypes a field, or changes the envelope, comes with a new version.
 */
export const WEBHOOK_ENVELOPE_VERSION = 1;

/** The type of the test event that `ping` sends to one subscription. */
export const WEBHOOK_PING_TYPE = 'webhook.ping';

/**
 * Every `type` a delivery's envelope can carry: each automation event type ({@link EVENT_TYPES}, the
 * extensions included) and the ping. {@link WebhookEventSchema} has one member per entry.
 */
export const WEBHOOK_EVENT_TYPES = [...EVENT_TYPES, WEBHOOK_PING_TYPE] as const;

/** A `type` a delivery's envelope can carry. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Bounds of the webhook subscription console API. */
export const WEBHOOK_SUBSCRIPTION_LIMITS = {
  /** Subscriptions per organization: each event is matched against all of them in its transaction. */
  perOrganization: 20,
  /** Characters of a subscription URL. */
  urlLength: 2048,
  /** Characters of a description. */
  descriptionLength: 500,
  /** The grace period of a rotated secret when none is given: 24 hours. */
  defaultGracePeriodMs: 24 * 60 * 60 * 1000,
  /** The longest grace period of a rotated secret: 7 days. */
  maxGracePeriodMs: 7 * 24 * 60 * 60 * 1000,
  /** Older secrets that still sign during their grace periods (the oldest goes first). */
  previousSecrets: 4,
  /** Deliveries one call of the delivery log returns at most. */
  deliveriesPerPage: 100,
} as const;

const envelopeOf = <T extends z.ZodTypeAny, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({
    type,
    version: z.literal(WEBHOOK_ENVELOPE_VERSION),
    timestamp: DateTimeSchema.describe('When the event happened (ISO-8601 UTC); not the attempt time'),
    data,
  });

const envelope = <T extends WebhookEventType, D extends z.ZodTypeAny>(type: T, data: D) =>
  envelopeOf(z.literal(type), data);

/** The envelope of one automation event type; `data` is the event itself. */
const eventEnvelope = <T extends EventType>(type: T) => {
  // The union's member of `type`, typed as the event of that type (zod types the map's values loosely).
  const event = ServiceEventSchema.optionsMap.get(type);
  if (!event) throw new Error(`ServiceEventSchema has no member for the event type ${type}`);
  return envelope(type, event as unknown as z.ZodType<EventOf<T>, z.ZodTypeDef, unknown>);
};

/** The envelope schemas of a tuple of event types, one per type, in its order. */
type Envelopes<Types extends readonly EventType[]> = {
  -readonly [K in keyof Types]: ReturnType<typeof eventEnvelope<Types[K]>>;
};

/** The data of a ping: the subscription it tests. */
export const WebhookPingDataSchema = z.object({
  organizationId: OrganizationIdSchema,
  subscriptionId: UuidSchema,
  message: z.string(),
});

/**
 * The body of a webhook subscription's delivery: `type` (an automation event type, or
 * `webhook.ping`), `version` ({@link WEBHOOK_ENVELOPE_VERSION}), `timestamp` (when the event
 * happened) and `data` (the event, as `ServiceEventSchema` describes it, with its `id`,
 * `organizationId`, `trigger` and `payload`).
 */
export const WebhookEventSchema = z.discriminatedUnion('type', [
  // Every automation event type is delivered: a type added to EVENT_TYPES gets its envelope here.
  // (`map` types its result as an array; the tuple type keeps one typed member per event type.)
  ...(EVENT_TYPES.map((type) => eventEnvelope(type)) as unknown as Envelopes<typeof EVENT_TYPES>),
  envelope(WEBHOOK_PING_TYPE, WebhookPingDataSchema),
]);

/**
 * The envelope every delivery shares, whatever its type: `type` (any string), `version`,
 * `timestamp`, and `data` as an object. A receiver reads a delivery whose type is none of
 * {@link WEBHOOK_EVENT_TYPES} (a type a newer service added: subscriptions to `*` receive those too)
 * with it, and every other one with {@link WebhookEventSchema}.
 */
export const WebhookEnvelopeSchema = envelopeOf(
  z.string().min(1),
  z.record(z.string(), z.unknown()).describe('The event; its shape is defined by its type'),
);

/** The delivery body of one type, for example `WebhookEventOf<'calendar.appointment.booked'>`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/**
 * Which events a subscription receives: automation event types, or `['*']` for all of them (the
 * types added later included). Repeats are dropped; `*` stands alone.
 */
export const WebhookEventFilterSchema = z
  .array(z.union([z.literal('*'), EventTypeSchema]))
  .min(1, 'Name at least one event type, or "*" for all')
  .max(EVENT_TYPES.length)
  .refine((types) => !types.includes('*') || types.length === 1, '"*" stands alone: it means every type')
  .transform((types) => [...new Set(types)]);

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const decodedLength = (base64: string) =>
  (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** A signing secret: `whsec_` followed by the standard base64 of 16 to 64 random bytes. */
export const WebhookSecretSchema = z
  .string()
  .max(100)
  .refine(
    (secret) =>
      secret.startsWith('whsec_') &&
      BASE64.test(secret.slice(6)) &&
      decodedLength(secret.slice(6)) >= 16 &&
      decodedLength(secret.slice(6)) <= 64,
    'Must be whsec_ followed by the base64 of 16 to 64 bytes',
  );

const url = z.string().max(WEBHOOK_SUBSCRIPTION_LIMITS.urlLength).url();
const description = z.string().max(WEBHOOK_SUBSCRIPTION_LIMITS.descriptionLength);

/** Input of `admin.webhookSubscriptions.create`. */
export const WebhookSubscriptionInputSchema = z
  .object({
    url: url.describe('Where deliveries are POSTed: http or https, no credentials'),
    eventTypes: WebhookEventFilterSchema,
    description: description.default(''),
    active: z.boolean().default(true),
    secret: WebhookSecretSchema.optional().describe(
      'A fixed secret for tests and demos; generated when absent',
    ),
  })
  .strict();

/**
 * Input of `admin.webhookSubscriptions.update`: the fields to change. `active: true` re-enables a
 * subscription that was disabled (by hand or automatically); it receives the events from then on.
 */
export const WebhookSubscriptionPatchSchema = z
  .object({
    url,
    eventTypes: WebhookEventFilterSchema,
    description,
    active: z.boolean(),
  })
  .partial()
  .strict();

/** Input of `admin.webhookSubscriptions.rotateSecret`. */
export const RotateWebhookSecretInputSchema = z
  .object({
    gracePeriodMs: z
      .number()
      .int()
      .min(0)
      .max(WEBHOOK_SUBSCRIPTION_LIMITS.maxGracePeriodMs)
      .default(WEBHOOK_SUBSCRIPTION_LIMITS.defaultGracePeriodMs)
      .describe('How long the old secret keeps signing beside the new one'),
  })
  .strict();

/** Why a subscription was disabled automatically: its deliveries failed too long, or a receiver answered 410. */
export const WEBHOOK_DISABLED_REASONS = ['failing', 'gone'] as const;

/** A webhook subscription as the console shows it: never its secrets. */
export const WebhookSubscriptionSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  url: z.string(),
  eventTypes: z.array(z.union([z.literal('*'), EventTypeSchema])),
  description: z.string(),
  active: z.boolean().describe('Receives new events; false when disabled by hand or automatically'),
  disabledReason: z
    .enum(WEBHOOK_DISABLED_REASONS)
    .nullable()
    .describe(
      'failing: deliveries failed for 5 days; gone: the receiver answered 410; null when active or disabled by hand',
    ),
  disabledAt: DateTimeSchema.nullable().describe('When it was disabled (by hand or automatically), or null'),
  failingSince: DateTimeSchema.nullable().describe('The first failed attempt since the last success'),
  previousSecretExpiresAt: DateTimeSchema.nullable().describe(
    'Until when an older secret still signs beside the current one (after a rotation)',
  ),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
