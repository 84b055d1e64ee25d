import type { Server } from 'node:http';
import express from 'express';
import {
  createConnectService,
  type ConnectService,
  type ConnectServiceOptions,
  type SeedResult,
} from '@leadbook/server';
import { seedStudio } from '@leadbook/server/studio';
import { listenOnLoopback, shutDownHost } from '../../../test-support/http-host';
import { checkedSend } from '../../../test-support/openapi';
import { NOW, testClock } from '../../../test-support/time';
import { testStudio } from './studio';
import { scanningLogger } from './support/log-scan';

/** The two ways a host serves the route table. */
export const ADAPTERS = ['express', 'fetch'] as const;
export type AdapterKind = (typeof ADAPTERS)[number];

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The client IP the fetch adapter is told (Express sees the socket's address). */
  clientIp?: string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
  json: any;
}

export interface Harness {
  service: ConnectService;
  seeded: SeedResult;
  /** Where requests go: a made-up origin for the fetch handler, the listening address for Express. */
  base: string;
  /** Sends a request as it is (no token, content type or client IP added): for the fuzz test. */
  send(request: Request): Promise<Response>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  /** Closes the service (and the host); rejects when the service logged a secret meanwhile. */
  close(): Promise<void>;
}

/** How the host is set up, and what is seeded. */
export interface HostOptions {
  /** Express's `trust proxy`. Default: false. */
  trustProxy?: boolean;
  /** Seed the studio's forms and ingress webhooks too (`seedStudio`), not only its fixture. */
  fullStudio?: boolean;
}

/**
 * A service seeded with the studio (on the test epoch), on the test clock (unless `options.clock`
 * says otherwise), reached through the Express router over loopback HTTP, or its fetch handler.
 * Every request and answer is checked against `docs/openapi.json` (`checkedSend`): an answer, or an
 * accepted request body, that the document does not describe fails the call. Unless
 * `options.logger` says otherwise, the service logs to a scanner, and `close()` fails when a line
 * carried a token, a secret or an email address (`support/log-scan.ts`).
 */
export async function createHarness(
  kind: AdapterKind,
  options: ConnectServiceOptions = {},
  host: HostOptions = {},
): Promise<Harness> {
  // Every harness test also checks the service's log: no line may carry a secret or an email.
  const scan = scanningLogger();
  const service = await createConnectService({ clock: testClock(), logger: scan.logger, ...options });
  const seeded = host.fullStudio
    ? (await seedStudio(service, { now: NOW })).seeded
    : await service.admin.seed(testStudio());
  let base = 'http://service.test';
  let send: (request: Request, clientIp?: string) => Promise<Response> = (request, clientIp) =>
    checkedSend((checked) => service.fetch(checked, { clientIp: clientIp ?? '203.0.113.1' }))(request);
  let server: Server | undefined;
  if (kind === 'express') {
    const app = express();
    app.set('trust proxy', host.trustProxy ?? false);
    app.use(service.express());
    ({ server, url: base } = await listenOnLoopback(app));
    send = checkedSend((request) => fetch(request));
  }
  return {
    service,
    seeded,
    base,
    send: (request) => send(request),
    async call(method, path, { token, body, rawBody, headers = {}, clientIp } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
      if (rawBody !== undefined || body !== undefined) {
        init.body = (rawBody ?? JSON.stringify(body)) as BodyInit;
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      const response = await send(new Request(`${base}${path}`, init), clientIp);
      const text = await response.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      await (server ? shutDownHost(server, service) : service.close());
      if (scan.leaks.length > 0) throw new Error(`the service logged secrets:\n  ${scan.leaks.join('\n  ')}`);
    },
  };
}
