/**
 * The body of a webhook subscription's delivery: the versioned envelope of `@leadbook/contract`'s
 * `WebhookEventSchema`, built once when the delivery is stored and sent byte for byte the same on
 * every attempt.
 *
 * @module
 */
import {
  WEBHOOK_ENVELOPE_VERSION,
  WEBHOOK_PING_TYPE,
  type EventType,
  type ServiceEvent,
  type WebhookEvent,
  type WebhookEventOf,
} from '@leadbook/contract';

/**
 * The envelope of an automation event: `{ type, version, timestamp, data }`, `data` being the event
 * and `timestamp` when it happened.
 *
 * @example
 * ```ts
 * eventEnvelope(event); // { type: 'calendar.appointment.booked', version: 1, timestamp: event.occurredAt, data: event }
 * ```
 */
export function eventEnvelope(event: ServiceEvent): WebhookEvent {
  return {
    type: event.type,
    version: WEBHOOK_ENVELOPE_VERSION,
    timestamp: event.occurredAt,
    data: event,
  } as WebhookEvent;
}

/** The envelope of a ping of one subscription, sent at `timestamp` (ISO-8601). */
export function pingEnvelope(
  organizationId: string,
  subscriptionId: string,
  timestamp: string,
): WebhookEventOf<typeof WEBHOOK_PING_TYPE> {
  return {
    type: WEBHOOK_PING_TYPE,
    version: WEBHOOK_ENVELOPE_VERSION,
    timestamp,
    data: {
      organizationId,
      subscriptionId,
      message: 'A test event from Leadbook: your endpoint is reachable.',
    },
  };
}

/** Whether a subscription listening to `eventTypes` (`['*']` for all) receives events of `type`. */
export function receivesEvent(eventTypes: readonly (EventType | '*')[], type: EventType): boolean {
  return eventTypes.includes('*') || eventTypes.includes(type);
}
