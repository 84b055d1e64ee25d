/**
 * The widget's telemetry batcher: events go out in batches, every 2 s or at 20 events,
 * never more than 50 per request; a page that becomes hidden sends what is left with
 * `navigator.sendBeacon`; a 429 drops the batch without a word.
 *
 * @module
 */
import type { TelemetryEvent } from '@leadbook/contract/types';
import { isConnectionError, isRateLimitError, isTimeoutError } from '../core/guards';

/** The most events one telemetry request may carry. */
export const MAX_EVENTS_PER_REQUEST = 50;

/** How the batcher delivers; `PublicFormClient` provides it. */
export interface TelemetryTransport {
  /** Sends one batch (at most 50 events); rejects with the SDK's errors. */
  send(events: TelemetryEvent[]): Promise<void>;
  /** Sends one batch while the page goes away: fire and forget (`sendBeacon`, `fetch` with `keepalive`). */
  beacon(events: TelemetryEvent[]): void;
}

/** Options of the telemetry batcher. */
export interface TelemetryBatcherOptions {
  /** Milliseconds from the first queued event to the flush. Default: 2000. */
  flushIntervalMs?: number;
  /** Queue length that flushes at once (1 to 50). Default: 20. */
  flushAt?: number;
  /** Events kept while the network is down; the oldest go first. Default: 500. */
  maxQueueSize?: number;
  /** Failures other than a 429 or a network error (those are dropped or kept for the next flush). */
  onError?: (error: unknown) => void;
}

/** A telemetry batcher. */
export interface TelemetryBatcher {
  /**
   * Queues an event; the batch goes out 2 s after its first event or when 20 are queued.
   *
   * @example
   * ```ts
   * form.telemetry.track({ name: 'step_viewed', step: 2 });
   * ```
   */
  track(event: TelemetryEvent): void;
  /**
   * Sends every queued event now (in requests of at most 50).
   *
   * @example
   * ```ts
   * await form.telemetry.flush();
   * ```
   */
  flush(): Promise<void>;
  /**
   * Flushes and stops: later events are ignored and the page listeners are removed.
   *
   * @example
   * ```ts
   * await form.telemetry.close();
   * ```
   */
  close(): Promise<void>;
  /** Events waiting to be sent. */
  readonly pending: number;
}

interface PageLike {
  visibilityState?: string;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Creates a batcher over a transport. In a browser, when the page becomes hidden (tab closed, app
 * switched, navigation: `visibilitychange`, or `pagehide`), it sends the queue through
 * `transport.beacon`.
 *
 * @example
 * ```ts
 * const batcher = createTelemetryBatcher({ send: async (events) => post(events), beacon: (events) => beam(events) });
 * batcher.track({ name: 'form_opened' });
 * ```
 */
export function createTelemetryBatcher(
  transport: TelemetryTransport,
  options: TelemetryBatcherOptions = {},
): TelemetryBatcher {
  const { flushIntervalMs = 2000, maxQueueSize = 500, onError } = options;
  const flushAt = Math.min(Math.max(options.flushAt ?? 20, 1), MAX_EVENTS_PER_REQUEST);
  const queue: TelemetryEvent[] = [];
  // The first `kept` events of the queue came back from failed sends, in their order; new events
  // queue behind them, so a retried batch keeps its place.
  let kept = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Events tracked since the last flush: only these count towards `flushAt`, so events kept from a
  // failed flush do not turn every new event into a request while the network is down.
  let fresh = 0;
  let closed = false;
  // One request at a time: kept events stay in order, and a burst never opens parallel requests.
  let chain = Promise.resolve();

  const trim = () => {
    const over = queue.length - maxQueueSize;
    if (over <= 0) return;
    queue.splice(0, over);
    kept = Math.max(0, kept - over);
  };
  const keep = (events: TelemetryEvent[]) => {
    queue.splice(kept, 0, ...events);
    kept += events.length;
    trim();
  };
  // A flush takes the queue when it is asked for, not when its turn in the chain comes: a
  // synchronous burst of 45 events goes out as 20, 20 and (2 s later) 5, never as one request of 45.
  const take = () => {
    clearTimeout(timer);
    timer = undefined;
    fresh = 0;
    kept = 0;
    const batches: TelemetryEvent[][] = [];
    while (queue.length) batches.push(queue.splice(0, MAX_EVENTS_PER_REQUEST));
    return batches;
  };
  const sendAll = async (batches: TelemetryEvent[][]) => {
    for (const [i, events] of batches.entries()) {
      try {
        await transport.send(events);
      } catch (error) {
        // Offline or timed out: keep this batch and the rest for the next flush (started by the next event).
        if (isConnectionError(error) || isTimeoutError(error)) return keep(batches.slice(i).flat());
        // A 429 drops the batch silently.
        if (!isRateLimitError(error)) onError?.(error);
      }
    }
  };
  const flush = () => {
    const batches = take();
    return (chain = chain.then(() => sendAll(batches)));
  };

  const beaconAll = () => {
    for (const events of take()) transport.beacon(events);
  };
  const page = (globalThis as { document?: PageLike }).document;
  const onVisibility = () => {
    if (page?.visibilityState === 'hidden') beaconAll();
  };
  // `pagehide` as well, for browsers that do not fire `visibilitychange` when a page is unloaded.
  const scope = globalThis as Partial<PageLike>;
  page?.addEventListener('visibilitychange', onVisibility);
  scope.addEventListener?.('pagehide', beaconAll);

  return {
    track(event) {
      if (closed) return;
      queue.push(event);
      trim();
      if (++fresh >= flushAt) void flush();
      else timer ??= setTimeout(flush, flushIntervalMs);
    },
    flush,
    async close() {
      closed = true;
      page?.removeEventListener('visibilitychange', onVisibility);
      scope.removeEventListener?.('pagehide', beaconAll);
      await flush();
    },
    get pending() {
      return queue.length;
    },
  };
}
