/**
 * The webhook records: outgoing deliveries and their attempts, subscriptions and their secrets,
 * and ingress webhooks.
 *
 * @module
 */
import type { EventType, WebhookSubscription } from '@leadbook/contract';

/** One delivery attempt of an outgoing webhook. */
export interface WebhookAttempt {
  /** When it was made (ISO-8601). */
  at: string;
  /** The HTTP status, or null for a network failure or timeout. */
  status: number | null;
  /** What went wrong, when it failed. */
  error: string | null;
  /**
   * How long the attempt took, in milliseconds, from the URL check to the response status. Absent
   * on an attempt that never finished (its lease ran out) and on attempts stored before it existed.
   */
  durationMs?: number;
}

/**
 * An outgoing webhook delivery and its attempts: of a form's submission (`formId` and
 * `submissionId` set), or of an event to a webhook subscription (`subscriptionId` and `eventId`
 * set). Both go through the same attempts, retries and leases.
 */
export interface WebhookDeliveryRecord {
  /** Delivery id; also the `webhook-id` header, the same on every attempt. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The form whose submission is delivered; null for a subscription's delivery. */
  formId: string | null;
  /** The submission; null for a subscription's delivery. */
  submissionId: string | null;
  /** The webhook subscription delivered to; null or absent for a form's delivery. */
  subscriptionId?: string | null;
  /**
   * The event delivered (its id in the activity log; a ping's own id); null or absent for a form's
   * delivery.
   */
  eventId?: string | null;
  /**
   * Target URL. A subscription's delivery goes to the subscription's URL as it is at each attempt,
   * and records it here when the attempt starts.
   */
  url: string;
  /** The JSON body sent on every attempt. */
  payload: unknown;
  /** `pending` until a 2xx (`succeeded`), a 410 (`gone`) or the last retry (`failed`). */
  status: 'pending' | 'succeeded' | 'failed' | 'gone';
  /** Attempts so far, oldest first. */
  attempts: WebhookAttempt[];
  /**
   * When the next attempt is due (epoch ms), or null when none is. While an attempt is in flight,
   * the end of its lease: if the attempt has not been recorded by then, it is counted as failed and
   * the delivery goes on with the retry schedule.
   */
  nextAttemptAt: number | null;
  /**
   * When the attempt in flight started (ISO-8601), or null (or absent) when none is: an attempt
   * claims its delivery by setting this and a lease in `nextAttemptAt`, and clears it when recorded.
   */
  attemptStartedAt?: string | null;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Last change (ISO-8601). */
  updatedAt: string;
}

/** An older signing secret of a webhook subscription, signing beside the current one until it expires. */
export interface PreviousWebhookSecret {
  /** The `whsec_` secret. */
  secret: string;
  /** When it stops signing (ISO-8601). */
  expiresAt: string;
}

/**
 * A webhook subscription: the console view's fields, plus its signing secrets. The secrets are
 * stored as they are (an HMAC needs the key itself) and only ever leave through a signature.
 */
export type WebhookSubscriptionRecord = Omit<
  WebhookSubscription,
  'previousSecretExpiresAt' | 'eventTypes'
> & {
  /** The event types it receives, or `['*']` for all. */
  eventTypes: Array<EventType | '*'>;
  /** The current `whsec_` signing secret. */
  secret: string;
  /** Secrets replaced by a rotation that still sign until they expire, oldest first. */
  previousSecrets: PreviousWebhookSecret[];
};

/** An ingress webhook bound to one pool. Only the SHA-256 digest of its token is stored. */
export interface IngressWebhookRecord {
  /** Webhook id (the `:id` of the ingress URL). */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The bound pool. */
  tableId: string;
  /** A label for the console. */
  name: string;
  /** Hex SHA-256 digest of the current token. */
  digest: string;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Last rotation time, or null. */
  rotatedAt: string | null;
}
