/**
 * The load's HTTP client: sends a request to one instance, or to either with retries, and records
 * every exchange (operation, instance, status or connection failure, start and end) for the checks
 * and the latency table. A request to a killed instance fails with a connection error, never a
 * status; those are recorded apart from 5xx answers.
 *
 * @module
 */
import type { SoakInstance } from './instances';
import type { Random } from './random';
import type { Exchange } from './checks';

/** A guard against a hung request only: far above any answer on a busy machine. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Attempts of a retried request, and the pause between them. */
const ATTEMPTS = 8;
const RETRY_PAUSE_MS = 750;

/** A request of the load. */
export interface SoakRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path and query, e.g. `/connect/calendar_bookings/`. */
  path: string;
  /** Extra headers (the bearer token, `Idempotency-Key`, the ingress token). */
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
}

/** What came back: an answer, or a connection failure (refused, reset, timed out). */
export type SoakResponse =
  { kind: 'answer'; status: number; body: unknown } | { kind: 'failure'; reason: 'connection' | 'timeout' };

/** Sends the load's requests and keeps every exchange. */
export interface SoakClient {
  /** Every exchange so far. */
  readonly exchanges: Exchange[];
  /** One attempt at `instance`. */
  send(op: string, instance: SoakInstance, request: SoakRequest): Promise<SoakResponse>;
  /**
   * Sends to an instance picked at random; after a connection failure or a 5xx (when `retry`),
   * sends the same request again to the other one (then alternating), up to 8 attempts. Resolves
   * with the last response and whether an earlier attempt failed (it may have taken effect).
   * With `avoid`, the first attempt goes to the other instance.
   */
  sendAny(
    op: string,
    request: SoakRequest,
    retry: boolean,
    avoid?: SoakInstance,
  ): Promise<{ response: SoakResponse; earlierFailed: boolean; instance: SoakInstance }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client over `instances`, choosing among them with `random`. */
export function createClient(instances: readonly SoakInstance[], random: Random): SoakClient {
  const exchanges: Exchange[] = [];

  async function send(op: string, instance: SoakInstance, request: SoakRequest): Promise<SoakResponse> {
    const startMs = Date.now();
    let response: SoakResponse;
    try {
      const answer = await fetch(`${instance.url}${request.path}`, {
        method: request.method,
        headers: {
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await answer.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: kept as text for the report.
      }
      response = { kind: 'answer', status: answer.status, body };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      response = { kind: 'failure', reason: timedOut ? 'timeout' : 'connection' };
    }
    exchanges.push({
      op,
      instance: instance.name,
      outcome: response.kind === 'answer' ? response.status : response.reason,
      startMs,
      endMs: Date.now(),
    });
    return response;
  }

  return {
    exchanges,
    send,
    async sendAny(op, request, retry, avoid) {
      let index = random.int(0, instances.length - 1);
      if (avoid && instances[index] === avoid) index = (index + 1) % instances.length;
      let earlierFailed = false;
      for (let attempt = 1; ; attempt++) {
        const instance = instances[index]!;
        const response = await send(op, instance, request);
        const failed = response.kind === 'failure' || response.status >= 500;
        if (!failed || !retry || attempt >= ATTEMPTS) return { response, earlierFailed, instance };
        earlierFailed = true;
        index = (index + 1) % instances.length;
        await sleep(RETRY_PAUSE_MS);
      }
    },
  };
}
