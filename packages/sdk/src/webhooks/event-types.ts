/**
 * Types of webhook deliveries, read off the contract's generated `WebhookEvent`.
 *
 * @module
 */
import type { WebhookEvent } from '@leadbook/contract/types';

/** A `type` a delivery's envelope can carry: an automation event type or `webhook.ping`. */
export type WebhookEventType = WebhookEvent['type'];

/** The delivery body of one type, for example `WebhookEventOf<'calendar.appointment.booked'>`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;
