/**
 * `createMockLeadbook`: msw request handlers over a real in-memory service, seeded with a fixture.
 *
 * @module
 */
import {
  createConnectService,
  systemClock,
  type Clock,
  type ConnectService,
  type ConnectServiceOptions,
  type SeedResult,
} from '@leadbook/server';
import type { SeedFixture } from '@leadbook/contract/types';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { seedStudio } from '@leadbook/server/studio';
import { createFaults, type Faults } from './faults';
import { DEFAULT_MOCK_BASE_URL } from './fixture';
import { createWebhookRecorder, type WebhookRecorder } from './webhooks';

/** Options of {@link createMockLeadbook}. */
export interface MockLeadbookOptions {
  /** Where the handlers answer. Default: `https://leadbook.test`. A path prefix is allowed. */
  baseUrl?: string;
  /**
   * The seed. Default: the studio of `@leadbook/server/studio` (`seedStudio`): `defaultMockFixture(clock.now())`
   * plus its forms and ingress webhooks (see `MOCK_IDS`, `MOCK_TOKENS`). With your own fixture, add
   * forms and webhooks in `setup`.
   */
  fixture?: SeedFixture;
  /**
   * The clock the service runs on; the default fixture's dates are relative to it (taken again at
   * every `reset()`). Default: the system clock. Pass a fixed one (`createManualClock` from
   * `@leadbook/server`) to pin "now" for a test suite: the timestamps the service writes, and
   * whether a booking's `hasStarted`/`hasEnded` are due.
   */
  clock?: Clock;
  /** Runs after seeding (and after every `reset()`): create forms, webhooks, leads through `service.admin`. */
  setup?: (service: ConnectService, seeded: SeedResult) => Promise<void> | void;
  /**
   * Options of `createConnectService`. The public form rate limits are on by default (the real rules);
   * pass `{ rateLimit: { enabled: false } }` to switch them off. A `storage` given here is closed by
   * `reset()` and `close()`. Its `clock` is ignored: use the `clock` option. Webhook deliveries go to
   * the recorder (`mock.webhooks`) unless `webhooks.fetch` is given; private URLs are allowed.
   */
  serviceOptions?: ConnectServiceOptions;
  /** The client IP the service sees (rate limits are per form and IP). Default: `203.0.113.7`. */
  clientIp?: string;
}

/** A mock Leadbook service for msw. */
export interface MockLeadbook {
  /** The base URL the handlers answer on. */
  readonly baseUrl: string;
  /** The msw handlers: pass them to `setupServer(...mock.handlers)` or `server.use(...)`. */
  readonly handlers: HttpHandler[];
  /** The running service (for `service.admin`, `service.events`). Replaced by `reset()`. */
  readonly service: ConnectService;
  /** What the seed created. Replaced by `reset()`. */
  readonly seeded: SeedResult;
  /** One-shot faults: lost slot races, 429, 503, network errors. */
  readonly faults: Faults;
  /**
   * Webhook deliveries the service sent, recorded instead of sent (`subscribe`, `deliveries`,
   * `waitFor`, `respondWith`). Cleared by `reset()`.
   */
  readonly webhooks: WebhookRecorder;
  /**
   * Drops queued faults and replaces the service with a freshly seeded one (fresh data, fresh limits).
   *
   * @example
   * ```ts
   * beforeEach(() => mock.reset());
   * ```
   */
  reset(): Promise<void>;
  /**
   * Stops the service.
   *
   * @example
   * ```ts
   * afterAll(() => mock.close());
   * ```
   */
  close(): Promise<void>;
}

async function startService(options: MockLeadbookOptions, deliver: typeof fetch) {
  const clock = options.clock ?? systemClock;
  const webhooks = options.serviceOptions?.webhooks;
  const service = await createConnectService({
    ...options.serviceOptions,
    clock,
    webhooks: { allowPrivateUrls: true, ...webhooks, fetch: webhooks?.fetch ?? deliver },
  });
  const seeded = options.fixture
    ? await service.admin.seed(options.fixture)
    : (await seedStudio(service, { now: clock.now() })).seeded;
  await options.setup?.(service, seeded);
  return { service, seeded };
}

/**
 * Creates a mock Leadbook service: msw handlers that answer with a real in-memory
 * `@leadbook/server` service (real validation, auth, capacity checks, rate limits), seeded with a
 * fixture, plus one-shot fault helpers. Node only (the service runs on sql.js).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { ConnectClient } from '@leadbook/sdk';
 * import { createMockLeadbook, MOCK_TOKENS } from '@leadbook/sdk/testing';
 *
 * const mock = await createMockLeadbook();
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledFrame: 'error' });
 * const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.write });
 * ```
 */
export async function createMockLeadbook(options: MockLeadbookOptions = {}): Promise<MockLeadbook> {
  const baseUrl = (options.baseUrl ?? DEFAULT_MOCK_BASE_URL).replace(/\/+$/, '');
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const clientIp = options.clientIp ?? '203.0.113.7';
  let current: Awaited<ReturnType<typeof startService>>;
  const webhooks = createWebhookRecorder(() => ({
    service: current.service,
    organizationId: current.seeded.organizations[0]!.id,
  }));
  current = await startService(options, webhooks.fetch);

  const pathOf = (request: Request) => new URL(request.url).pathname.slice(prefix.length);
  const forward = async (request: Request) => {
    if (!prefix) return current.service.fetch(request, { clientIp });
    const url = new URL(request.url);
    url.pathname = pathOf(request);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return current.service.fetch(
      new Request(url, { method: request.method, headers: request.headers, body }),
      {
        clientIp,
      },
    );
  };
  const faults = createFaults(pathOf);
  const handlers = [
    http.all(`${baseUrl}/*`, async ({ request }) => {
      const fault = faults.take(request);
      if (!fault) return forward(request);
      const answer = await fault.respond(request, { service: current.service, forward });
      return answer === 'network-error' ? HttpResponse.error() : answer;
    }),
  ];

  return {
    baseUrl,
    handlers,
    get service() {
      return current.service;
    },
    get seeded() {
      return current.seeded;
    },
    faults,
    webhooks: webhooks.recorder,
    async reset() {
      faults.clear();
      await current.service.close();
      webhooks.recorder.clear();
      current = await startService(options, webhooks.fetch);
    },
    close: () => current.service.close(),
  };
}
