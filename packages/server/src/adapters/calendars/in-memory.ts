/**
 * An in-memory external calendar for tests and demos: events live in a map, external ones are
 * added by the test (`addEvent`), and failures can be scripted per operation. It has no
 * recurrence: add each occurrence as an event of its own.
 *
 * @module
 */
import { assertBusyRange, mergeBusyIntervals } from '../../domain/calendars';
import {
  ExternalCalendarError,
  isLeadbookEventUid,
  type BusyInterval,
  type BusyRange,
  type CalendarEventInput,
  type CalendarEventTime,
  type CreatedCalendarEvent,
  type ExternalCalendar,
} from '../../ports/external-calendar';

/** An event the in-memory calendar holds. */
export interface InMemoryCalendarEvent {
  /** The event id (`event-1`, `event-2`, ...). */
  eventId: string;
  /** The event's UID. */
  uid: string;
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** The title. */
  summary: string;
  /** The IANA time zone it is shown in. */
  timezone: string;
  /** `SEQUENCE`: 0 when created, one more on each move. */
  sequence: number;
  /** Marked free (`TRANSP:TRANSPARENT`): never busy. */
  transparent: boolean;
  /** Cancelled (`STATUS:CANCELLED`): never busy. */
  cancelled: boolean;
}

/** An event a test adds as if someone had put it in the calendar outside Leadbook. */
export interface ExternalEventSeed {
  /** Start, epoch milliseconds. */
  startMs: number;
  /** End, epoch milliseconds. */
  endMs: number;
  /** The UID. Default: a fresh `external-<n>@example.com`. */
  uid?: string;
  /** The title. Default: `Busy`. */
  summary?: string;
  /** Marked free. Default: false. */
  transparent?: boolean;
  /** Cancelled. Default: false. */
  cancelled?: boolean;
}

/** An operation of the in-memory calendar. */
export type CalendarOperation = 'busy' | 'createEvent' | 'moveEvent' | 'deleteEvent';

/** The in-memory calendar, with what a test inspects and scripts. */
export interface InMemoryExternalCalendar extends ExternalCalendar {
  /** The events it holds now, by id. */
  readonly events: ReadonlyMap<string, InMemoryCalendarEvent>;
  /** Every call made, in order (failed ones included). */
  readonly calls: ReadonlyArray<{ operation: CalendarOperation }>;
  /** Adds an event made outside Leadbook; returns its id. */
  addEvent(seed: ExternalEventSeed): string;
  /** Makes the next `times` calls of `operation` throw `error` (or a retryable 503-like error). */
  fail(operation: CalendarOperation, error?: Error, times?: number): void;
}

/**
 * Creates an in-memory external calendar. Moving an unknown event is a non-retryable 404-like
 * error; deleting one is done, as the port requires.
 *
 * @example
 * ```ts
 * import { createInMemoryExternalCalendar } from '@leadbook/server';
 *
 * const calendar = createInMemoryExternalCalendar();
 * calendar.addEvent({ startMs: Date.parse('2030-03-04T09:00Z'), endMs: Date.parse('2030-03-04T10:00Z') });
 * await calendar.busy({ startMs: Date.parse('2030-03-04T00:00Z'), endMs: Date.parse('2030-03-05T00:00Z') });
 * // [{ startMs: ...09:00, endMs: ...10:00 }]
 * calendar.fail('busy'); // the next read fails once
 * ```
 */
export function createInMemoryExternalCalendar(): InMemoryExternalCalendar {
  const events = new Map<string, InMemoryCalendarEvent>();
  const calls: Array<{ operation: CalendarOperation }> = [];
  const scripted: Array<{ operation: CalendarOperation; error: Error }> = [];
  let next = 1;

  const enter = (operation: CalendarOperation, signal: AbortSignal | undefined) => {
    calls.push({ operation });
    if (signal?.aborted) throw new ExternalCalendarError('the call was aborted', { retryable: true });
    const index = scripted.findIndex((entry) => entry.operation === operation);
    if (index >= 0) throw scripted.splice(index, 1)[0]!.error;
  };
  const byUid = (uid: string) => [...events.values()].find((event) => event.uid === uid);
  const store = (event: Omit<InMemoryCalendarEvent, 'eventId'>) => {
    const eventId = `event-${next++}`;
    events.set(eventId, { eventId, ...event });
    return eventId;
  };

  return {
    kind: 'memory',
    events,
    calls,
    addEvent(seed) {
      return store({
        uid: seed.uid ?? `external-${next}@example.com`,
        startMs: seed.startMs,
        endMs: seed.endMs,
        summary: seed.summary ?? 'Busy',
        timezone: 'UTC',
        sequence: 0,
        transparent: seed.transparent ?? false,
        cancelled: seed.cancelled ?? false,
      });
    },
    fail(operation, error, times = 1) {
      for (let i = 0; i < times; i++) {
        scripted.push({
          operation,
          error:
            error ??
            new ExternalCalendarError('HTTP 503: the calendar is unavailable', {
              retryable: true,
              status: 503,
            }),
        });
      }
    },
    async busy(range: BusyRange, options = {}): Promise<BusyInterval[]> {
      enter('busy', options.signal);
      assertBusyRange(range);
      const counted = [...events.values()].filter(
        (event) => !event.transparent && !event.cancelled && !isLeadbookEventUid(event.uid),
      );
      return mergeBusyIntervals(counted, range);
    },
    async createEvent(input: CalendarEventInput, options = {}): Promise<CreatedCalendarEvent> {
      enter('createEvent', options.signal);
      const existing = byUid(input.uid);
      if (existing) return { eventId: existing.eventId };
      const eventId = store({
        uid: input.uid,
        startMs: input.startMs,
        endMs: input.endMs,
        summary: input.summary,
        timezone: input.timezone,
        sequence: 0,
        transparent: false,
        cancelled: false,
      });
      return { eventId };
    },
    async moveEvent(eventId: string, time: CalendarEventTime, options = {}): Promise<void> {
      enter('moveEvent', options.signal);
      const event = events.get(eventId);
      if (!event) {
        throw new ExternalCalendarError(`event ${eventId} does not exist`, { retryable: false, status: 404 });
      }
      events.set(eventId, { ...event, ...time, sequence: event.sequence + 1 });
    },
    async deleteEvent(eventId: string, options = {}): Promise<void> {
      enter('deleteEvent', options.signal);
      events.delete(eventId);
    },
  };
}
