import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ConnectClient, type ConnectClientOptions } from '@leadbook/sdk';
import {
  createMockLeadbook,
  MOCK_TOKENS,
  type MockLeadbook,
  type MockLeadbookOptions,
} from '@leadbook/sdk/testing';
import { inDays, testClock } from '../../../test-support/time';

export { inDays, testClock };
/** A week from the day after the test epoch, before the mock fixture's closure (days 10 to 13). */
export const range = () => ({ start: inDays(1).toISOString(), end: inDays(8).toISOString() });

export interface Env {
  mock: MockLeadbook;
  server: ReturnType<typeof setupServer>;
  client(token?: keyof typeof MOCK_TOKENS, options?: Omit<ConnectClientOptions, 'apiToken'>): ConnectClient;
}

/**
 * One mock service and msw server per test file, on a clock fixed at the test epoch; faults are
 * cleared after each test. The public form rate limits are off unless a test file asks for them.
 */
export function useMockLeadbook(options: MockLeadbookOptions = {}): Env {
  const env = {} as Env;
  beforeAll(async () => {
    env.mock = await createMockLeadbook({
      clock: testClock(),
      serviceOptions: { rateLimit: { enabled: false } },
      ...options,
    });
    env.server = setupServer(...env.mock.handlers);
    env.server.listen({ onUnhandledFrame: 'error' });
  });
  afterEach(() => {
    env.mock.faults.clear();
    env.server.resetHandlers();
  });
  afterAll(async () => {
    env.server.close();
    await env.mock.close();
  });
  env.client = (token = 'write', clientOptions = {}) =>
    new ConnectClient({ baseUrl: env.mock.baseUrl, apiToken: MOCK_TOKENS[token], ...clientOptions });
  return env;
}

/** Lets real I/O (msw, the service) run without moving fake time, until `condition` holds. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
