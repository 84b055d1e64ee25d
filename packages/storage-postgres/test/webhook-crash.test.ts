/**
 * A process killed with SIGKILL in the middle of a webhook attempt, on PostgreSQL with the pg-boss
 * scheduler: the restarted instance retries the delivery once the attempt's lease has ended, and it
 * is delivered exactly once after that, for a form's submission and for a webhook subscription's
 * event (see `test-support/webhook-crash.ts`; the sql.js runs are in the server package).
 */
import { afterAll, describe, it } from 'vitest';
import { createConnectService } from '@leadbook/server';
import { stopAll } from '../../../test-support/processes';
import {
  CRASH_ATTEMPT_TIMEOUT_MS,
  formCrashSource,
  killMidAttempt,
  subscriptionCrashSource,
} from '../../../test-support/webhook-crash';
import { createPostgresStorage } from '../src';
import { lazily, openServer, SERVER_URL } from './support/databases';
import { startPgInstance } from './support/instances';
import { inertScheduler } from './support/scenario';

const server = lazily(() => openServer(SERVER_URL!));

afterAll(async () => {
  await stopAll();
  await server.close();
});

// Killing a process needs a database outside it: this runs only where LEADBOOK_TEST_DATABASE_URL
// names a PostgreSQL server (CI sets it). Set but unreachable, it fails.
describe.skipIf(!SERVER_URL)('a webhook attempt in flight when the process is killed (PostgreSQL)', () => {
  it.each([
    ['a form submission', formCrashSource],
    ["a subscription's event", subscriptionCrashSource],
  ])(
    'of %s is retried with the same webhook-id once its lease has ended',
    { timeout: 90_000 },
    async (_what, source) => {
      const db = await server.get();
      const schema = db.freshSchema('leadbook_crash');
      const env = {
        DATABASE_URL: db.url,
        LEADBOOK_SCHEMA: schema,
        LEADBOOK_PGBOSS_SCHEMA: db.freshSchema('pgboss_crash'),
        LEADBOOK_WEBHOOK_TIMEOUT_MS: String(CRASH_ATTEMPT_TIMEOUT_MS),
      };
      const storage = await createPostgresStorage({ pool: db.pool, schema });
      const service = await createConnectService({
        storage,
        scheduler: inertScheduler,
        webhooks: { allowPrivateUrls: true },
      });
      try {
        await killMidAttempt({
          timeoutMs: CRASH_ATTEMPT_TIMEOUT_MS,
          start: () => startPgInstance(env),
          prepare: (url) =>
            source(service, url, (organizationId, filter) =>
              storage.transaction((tx) => tx.webhookDeliveries.list(organizationId, filter)),
            ),
        });
      } finally {
        await service.close();
      }
    },
  );
});
