/**
 * In-process delivery of automation events to subscribers, after commit.
 *
 * @module
 */
import type { EventOf, EventType, ServiceEvent } from '@leadbook/contract';
import { errorFields, type Logger } from '../ports/logger';

/** A subscriber of one event type. It may be async; what it throws never reaches the request. */
export type EventHandler<T extends EventType = EventType> = (event: EventOf<T>) => void | Promise<void>;

/** Subscribe to the service's automation events. */
export interface ServiceEvents {
  /**
   * Calls `handler` for every committed event of `type` (or every event, with `'*'`).
   * Returns a function that unsubscribes.
   *
   * @example
   * ```ts
   * const off = service.events.on('calendar.appointment.booked', (event) => {
   *   console.log(event.payload.booking.id, event.trigger.apiTokenId);
   * });
   * ```
   */
  on<T extends EventType>(type: T, handler: EventHandler<T>): () => void;
  /** Calls `handler` for every committed event. */
  on(type: '*', handler: (event: ServiceEvent) => void | Promise<void>): () => void;
}

/** The bus the service delivers committed events through. */
export interface EventBus extends ServiceEvents {
  /** Delivers committed events to subscribers; never throws. */
  deliver(events: readonly ServiceEvent[]): void;
}

/** Creates an event bus; subscriber failures are logged with `logger.error`. */
export function createEventBus(logger: Logger): EventBus {
  const handlers = new Map<string, Set<(event: ServiceEvent) => void | Promise<void>>>();
  const report = (event: ServiceEvent, error: unknown) =>
    logger.error('event subscriber failed', {
      type: event.type,
      eventId: event.id,
      error: errorFields(error),
    });

  return {
    on(type: string, handler: (event: never) => void | Promise<void>) {
      const set = handlers.get(type) ?? new Set();
      const fn = handler as (event: ServiceEvent) => void | Promise<void>;
      set.add(fn);
      handlers.set(type, set);
      return () => void set.delete(fn);
    },
    deliver(events) {
      for (const event of events) {
        for (const handler of [...(handlers.get(event.type) ?? []), ...(handlers.get('*') ?? [])]) {
          try {
            const result = handler(event);
            if (result && typeof result.then === 'function')
              result.then(undefined, (error) => report(event, error));
          } catch (error) {
            report(event, error);
          }
        }
      }
    },
  };
}
