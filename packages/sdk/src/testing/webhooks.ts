/**
 * Webhook deliveries of the mock service, recorded: the mock's service sends its webhook
 * subscriptions' (and forms') deliveries to a recording fetch instead of the network, so a test
 * can assert on what an integration would have received.
 *
 * @module
 */
import type { WebhookEvent, WebhookEventFilter } from '@leadbook/contract/types';
import type { WebhookEventType } from '../webhooks/event-types';
import type { ConnectService } from '@leadbook/server';

// Taken when the module loads, before a test may fake timers: waitFor polls in real time.
const realSetImmediate = globalThis.setImmediate;

/** One delivery as the mock recorded it. */
export interface RecordedDelivery {
  /** Where it was sent. */
  url: string;
  /** The `webhook-id` header: the same on every attempt of one delivery. */
  webhookId: string;
  /** The request headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, ...), lower-case names. */
  headers: Record<string, string>;
  /** The raw body, as `verifyWebhook` wants it. */
  body: string;
  /**
   * The parsed body: a subscription's event envelope (`type`, `version`, `timestamp`, `data`). A
   * form's delivery parses too, but its `type` is `form.submission.created`.
   */
  event: WebhookEvent;
  /** The status the mock answered with. */
  status: number;
}

/** Options of {@link WebhookRecorder.subscribe}. */
export interface MockSubscriptionOptions {
  /** The event types, or `['*']` (the default). */
  eventTypes?: WebhookEventFilter;
  /** Where the deliveries go (recorded, never sent). Default: `https://webhooks.leadbook.test/<n>`. */
  url?: string;
  /** The organization. Default: the seeded one (`MOCK_IDS.organization`). */
  organizationId?: string;
}

/** The recorded deliveries of a mock service, and how the mock answers them. */
export interface WebhookRecorder {
  /** Every delivery attempt so far, oldest first (retries included). */
  readonly deliveries: readonly RecordedDelivery[];
  /** The recorded deliveries' events of one type, oldest first. */
  events<T extends WebhookEventType>(type: T): Array<Extract<WebhookEvent, { type: T }>>;
  /**
   * Subscribes a recorded URL to events of the mock's organization; resolves the subscription's id,
   * URL and secret (for `verifyWebhook`).
   *
   * @example
   * ```ts
   * const { secret } = await mock.webhooks.subscribe({ eventTypes: ['calendar.appointment.booked'] });
   * await client.bookings.create({ ... });
   * const [delivery] = await mock.webhooks.waitFor(1);
   * expect(delivery.event.type).toBe('calendar.appointment.booked');
   * ```
   */
  subscribe(options?: MockSubscriptionOptions): Promise<{ id: string; url: string; secret: string }>;
  /**
   * The status the mock answers deliveries with from now on: a number, or a function of the
   * delivery (`500` makes the service retry, `410` disables the subscription). Default 204.
   */
  respondWith(status: number | ((delivery: Omit<RecordedDelivery, 'status'>) => number)): void;
  /**
   * Resolves once `count` deliveries are recorded (all of them), or rejects after `timeoutMs`
   * (default 5000) of real time. Deliveries are sent right after the commit by the service's
   * scheduler, which waits on timers: with fake timers, advance them.
   */
  waitFor(count: number, options?: { timeoutMs?: number }): Promise<readonly RecordedDelivery[]>;
  /** Forgets the recorded deliveries (the answer set with `respondWith` stays). */
  clear(): void;
}

/**
 * A recorder and the fetch the mock service delivers through; `current` gives the running service
 * and its organization (they change at every `reset()`).
 */
export function createWebhookRecorder(current: () => { service: ConnectService; organizationId: string }): {
  recorder: WebhookRecorder;
  fetch: typeof fetch;
} {
  const deliveries: RecordedDelivery[] = [];
  let answer: number | ((delivery: Omit<RecordedDelivery, 'status'>) => number) = 204;
  let subscriptions = 0;

  const recordingFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const body = await request.text();
    const seen = {
      url: request.url,
      webhookId: headers['webhook-id'] ?? '',
      headers,
      body,
      event: JSON.parse(body) as WebhookEvent,
    };
    const status = typeof answer === 'number' ? answer : answer(seen);
    deliveries.push({ ...seen, status });
    return new Response(null, { status });
  };

  const recorder: WebhookRecorder = {
    deliveries,
    events: <T extends WebhookEventType>(type: T) =>
      deliveries.map((d) => d.event).filter((e): e is Extract<WebhookEvent, { type: T }> => e.type === type),
    async subscribe(options = {}) {
      const { service, organizationId } = current();
      const url = options.url ?? `https://webhooks.leadbook.test/${++subscriptions}`;
      const created = await service.admin.webhookSubscriptions.create(
        options.organizationId ?? organizationId,
        {
          url,
          eventTypes: options.eventTypes ?? ['*'],
        },
      );
      return { id: created.id, url, secret: created.secret };
    },
    respondWith(status) {
      answer = status;
    },
    async waitFor(count, { timeoutMs = 5_000 } = {}) {
      const deadline = performance.now() + timeoutMs;
      while (deliveries.length < count) {
        if (performance.now() > deadline) {
          throw new Error(
            `expected ${count} webhook deliveries within ${timeoutMs} ms, got ${deliveries.length}`,
          );
        }
        await new Promise((resolve) => realSetImmediate(resolve));
      }
      return deliveries;
    },
    clear() {
      deliveries.length = 0;
    },
  };
  return { recorder, fetch: recordingFetch as typeof fetch };
}
