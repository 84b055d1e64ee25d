/**
 * A receiving calendar that service instances in other processes share: a small HTTP server the
 * test runs on a loopback port, holding events by UID and counting each creation call, and the
 * `ExternalCalendar` adapter an instance reaches it through. Creation is idempotent by UID, as the
 * port requires; the counts show whether an instance called it more than once.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExternalCalendarError, type ExternalCalendar } from '@leadbook/server';

/** An event the shared calendar holds. */
export interface SharedEvent {
  eventId: string;
  uid: string;
  startMs: number;
  endMs: number;
  sequence: number;
}

/** The running shared calendar. */
export interface SharedCalendar {
  /** Its base URL. */
  url: string;
  /** The events it holds, by id. */
  events: Map<string, SharedEvent>;
  /** How many creation calls each UID got. */
  creations: Map<string, number>;
  close(): Promise<void>;
}

/** Starts the shared calendar on a loopback port. */
export async function startSharedCalendar(): Promise<SharedCalendar> {
  const events = new Map<string, SharedEvent>();
  const creations = new Map<string, number>();
  let next = 1;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.url === '/create') {
        const uid = String(input['uid']);
        creations.set(uid, (creations.get(uid) ?? 0) + 1);
        const existing = [...events.values()].find((event) => event.uid === uid);
        if (existing) return answer(200, { eventId: existing.eventId });
        const eventId = `event-${next++}`;
        events.set(eventId, {
          eventId,
          uid,
          startMs: Number(input['startMs']),
          endMs: Number(input['endMs']),
          sequence: 0,
        });
        return answer(200, { eventId });
      }
      const event = events.get(String(input['eventId']));
      if (request.url === '/move') {
        if (!event) return answer(404, {});
        events.set(event.eventId, {
          ...event,
          startMs: Number(input['startMs']),
          endMs: Number(input['endMs']),
          sequence: event.sequence + 1,
        });
        return answer(200, {});
      }
      if (request.url === '/delete') {
        if (event) events.delete(event.eventId);
        return answer(200, {});
      }
      answer(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    creations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The adapter of the shared calendar at `url`; `hang` makes each creation report itself through
 * `onCreating` and never finish (the instance is then killed with the call in flight).
 */
export function sharedCalendarClient(
  url: string,
  options: { hang?: boolean; onCreating?: (uid: string) => void } = {},
): ExternalCalendar {
  const post = async (path: string, json: unknown, signal?: AbortSignal) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      body: JSON.stringify(json),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) {
      throw new ExternalCalendarError(`HTTP ${response.status}`, {
        retryable: response.status >= 500,
        status: response.status,
      });
    }
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    kind: 'shared-test',
    busy: async () => [],
    async createEvent(event, { signal } = {}) {
      if (options.hang) {
        options.onCreating?.(event.uid);
        await new Promise(() => undefined);
      }
      return { eventId: String((await post('/create', event, signal))['eventId']) };
    },
    moveEvent: async (eventId, time, { signal } = {}) =>
      void (await post('/move', { eventId, ...time }, signal)),
    deleteEvent: async (eventId, { signal } = {}) => void (await post('/delete', { eventId }, signal)),
  };
}
