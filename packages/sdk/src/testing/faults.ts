/**
 * One-shot faults for the mock handlers. Each applies to the next request it matches, then is gone.
 * A lost slot race is produced by the real service (competing bookings fill the slot first); the
 * others are canned answers in the surface's envelope.
 *
 * @module
 */
import type { ConnectService } from '@leadbook/server';

/** Which requests a fault applies to. Omitted fields match everything. */
export interface FaultMatch {
  /** The HTTP method, such as `POST`. */
  method?: string;
  /** A path prefix (`/connect/availability/`) or a pattern tested against the path. */
  path?: string | RegExp;
}

/** What a fault may use to answer. */
export interface FaultContext {
  /** The service behind the handlers. */
  service: ConnectService;
  /** Sends a request to the service as the handlers would. */
  forward(request: Request): Promise<Response>;
}

/** A queued fault. */
export interface Fault {
  /** Which requests it applies to. */
  match: FaultMatch;
  /** Answers the request: a `Response`, or `'network-error'` for a failed connection. */
  respond(request: Request, context: FaultContext): Promise<Response | 'network-error'>;
}

/** The fault helpers of a mock service. */
export interface Faults {
  /**
   * The next booking request(s) lose a slot race: just before each, competing bookings fill the
   * requested slot through the real service, whose capacity check then answers 400
   * `The selected time slot is no longer available`.
   *
   * @param options - `times`: how many booking requests lose (default 1).
   * @example
   * ```ts
   * mock.faults.nextBookingLosesRace();
   * const { attempts } = await client.bookFirstAvailable({ calendarId, appointmentTypeId, start, end });
   * // attempts === 2
   * ```
   */
  nextBookingLosesRace(options?: { times?: number }): void;
  /**
   * The next matching request answers 429 with `Retry-After`.
   *
   * @param options - `retryAfterSeconds` (default 1) and which requests to match (default: any).
   * @example
   * ```ts
   * mock.faults.rateLimitOnce({ retryAfterSeconds: 2 });
   * await client.calendars.list(); // waits 2 s, then succeeds
   * ```
   */
  rateLimitOnce(options?: { retryAfterSeconds?: number; match?: FaultMatch }): void;
  /**
   * The next `times` matching requests answer 503; later ones reach the service.
   *
   * @param times - How many requests fail (default 1).
   * @param options - Which requests to match (default: any).
   * @example
   * ```ts
   * mock.faults.serviceUnavailableOnce(2);
   * await client.calendars.list(); // 503, 503, 200
   * ```
   */
  serviceUnavailableOnce(times?: number, options?: { match?: FaultMatch }): void;
  /**
   * The next matching request fails without a response (the client sees a `ConnectionError`).
   *
   * @param options - Which requests to match (default: any).
   * @example
   * ```ts
   * mock.faults.networkErrorOnce({ match: { method: 'GET' } });
   * ```
   */
  networkErrorOnce(options?: { match?: FaultMatch }): void;
  /**
   * The next matching request gets this answer (any status, body and headers).
   *
   * @example
   * ```ts
   * mock.faults.respondOnce({ status: 409, body: { statusCode: 409, error: 'CONFLICT', message: 'Conflict' } });
   * ```
   */
  respondOnce(response: {
    status: number;
    body?: unknown;
    headers?: Record<string, string>;
    match?: FaultMatch;
  }): void;
  /**
   * Drops every queued fault.
   *
   * @example
   * ```ts
   * afterEach(() => mock.faults.clear());
   * ```
   */
  clear(): void;
  /** How many faults are queued. */
  readonly pending: number;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_fault_${status}`, ...headers },
  });

/** The error envelope of the request's surface (Connect, public form or ingress). */
const envelope = (request: Request, status: number, code: string, message: string) =>
  new URL(request.url).pathname.includes('/connect/')
    ? { statusCode: status, error: code, message }
    : { statusCode: status, message };

const matches = (match: FaultMatch, request: Request, path: string) =>
  (!match.method || match.method.toUpperCase() === request.method) &&
  (match.path === undefined ||
    (typeof match.path === 'string' ? path.startsWith(match.path) : match.path.test(path)));

const BOOKING_PATH = /^\/connect\/calendar_bookings\/?$/;

async function loseRace(request: Request, { forward }: FaultContext): Promise<Response> {
  let body: Record<string, unknown>;
  try {
    body = (await request.clone().json()) as Record<string, unknown>;
  } catch {
    return forward(request);
  }
  const { calendarId, startDateTime, endDateTime, resourceId, appointmentTypeId, resourceSlotId } = body;
  const competitor = JSON.stringify({
    calendarId,
    startDateTime,
    endDateTime,
    resourceId,
    appointmentTypeId,
    resourceSlotId,
    name: 'Competing booking (mock race)',
  });
  const headers = {
    authorization: request.headers.get('authorization') ?? '',
    'content-type': 'application/json',
  };
  // Book until the service refuses: the slot is then full under the real capacity rules.
  for (let i = 0; i < 10_000; i++) {
    const response = await forward(new Request(request.url, { method: 'POST', headers, body: competitor }));
    if (response.status !== 201) break;
  }
  return forward(request);
}

/** Creates the fault queue of a mock service; `take` removes and returns the fault for a request. */
export function createFaults(pathOf: (request: Request) => string): Faults & {
  take(request: Request): Fault | undefined;
} {
  let queue: Fault[] = [];
  const add = (fault: Fault, times = 1) => {
    for (let i = 0; i < times; i++) queue.push(fault);
  };
  return {
    nextBookingLosesRace: ({ times = 1 } = {}) =>
      add({ match: { method: 'POST', path: BOOKING_PATH }, respond: loseRace }, times),
    rateLimitOnce: ({ retryAfterSeconds = 1, match = {} } = {}) =>
      add({
        match,
        respond: async (request) =>
          json(429, envelope(request, 429, 'RATE_LIMITED', 'Too Many Requests'), {
            'retry-after': String(retryAfterSeconds),
          }),
      }),
    serviceUnavailableOnce: (times = 1, { match = {} } = {}) =>
      add(
        {
          match,
          respond: async (request) =>
            json(503, envelope(request, 503, 'INTERNAL_ERROR', 'Service Unavailable')),
        },
        times,
      ),
    networkErrorOnce: ({ match = {} } = {}) => add({ match, respond: async () => 'network-error' }),
    respondOnce: ({ status, body, headers, match = {} }) =>
      add({ match, respond: async () => json(status, body, headers) }),
    clear: () => {
      queue = [];
    },
    get pending() {
      return queue.length;
    },
    take(request) {
      const path = pathOf(request);
      const index = queue.findIndex((fault) => matches(fault.match, request, path));
      return index === -1 ? undefined : queue.splice(index, 1)[0];
    },
  };
}
