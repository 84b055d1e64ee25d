/**
 * Types of webhook deliveries, read off the contract's generated `WebhookEvent`, and the type of a
 * delivery this SDK does not know yet.
 *
 * @module
 */
import type { WebhookEvent } from '@leadbook/contract/types';

/** A `type` a delivery's envelope can carry: an automation event type or `webhook.ping`. */
export type WebhookEventType = WebhookEvent['type'];

/** The delivery body of one type, for example `WebhookEventOf<'calendar.appointment.booked'>`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/**
 * The `type` of a delivery that this version of the SDK does not know. At run time it is the type
 * the service sent, any string. Its static type is a template that no known type matches, so a
 * `switch` or an `if` on a known type narrows a {@link ReceivedWebhookEvent} to that type's
 * envelope and leaves the unknown ones to `default` (compare one with `String(event.type)`).
 */
export type UnknownWebhookEventType = `${string} (a type this SDK version does not know)`;

/**
 * A delivery of a type that this version of the SDK does not know: the service added it after this
 * SDK was released, and a subscription to `*` receives it. Its signature and envelope were
 * verified; `data` is the event, whose shape its type defines. Acknowledge it (answer 2xx) unless
 * you handle it; upgrade `@leadbook/sdk` to get it typed.
 */
export interface UnknownWebhookEvent {
  /** The event type, as the service named it. */
  type: UnknownWebhookEventType;
  /** The envelope version: `1`. */
  version: 1;
  /** When the event happened (ISO-8601 UTC). */
  timestamp: string;
  /** The event. */
  data: Readonly<Record<string, unknown>>;
}

/**
 * What `verifyWebhook` returns: a delivery of one of the types this SDK knows ({@link WebhookEvent},
 * narrowed by `event.type` or the type guards), or an {@link UnknownWebhookEvent} of a type added
 * later.
 */
export type ReceivedWebhookEvent = WebhookEvent | UnknownWebhookEvent;
