/**
 * A process killed with SIGKILL in the middle of a webhook attempt, on PostgreSQL with the pg-boss
 * scheduler: the restarted instance retries the delivery once the attempt's lease has ended (see
 * `test-support/webhook-crash.ts`; the sql.js run is in the server package).
 */
import { afterAll, describe, it } from 'vitest';
import { createConnectService } from '@leadbook/server';
import { stopAll } from '../../../test-support/processes';
import { killMidAttempt, seedCrashForm } from '../../../test-support/webhook-crash';
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
  it('is retried with the same webhook-id once its lease has ended', { timeout: 90_000 }, async () => {
    const db = await server.get();
    const schema = db.freshSchema('leadbook_crash');
    const env = {
      DATABASE_URL: db.url,
      LEADBOOK_SCHEMA: schema,
      LEADBOOK_PGBOSS_SCHEMA: db.freshSchema('pgboss_crash'),
      LEADBOOK_WEBHOOK_TIMEOUT_MS: '1000',
    };
    const storage = await createPostgresStorage({ pool: db.pool, schema });
    const service = await createConnectService({
      storage,
      scheduler: inertScheduler,
      webhooks: { allowPrivateUrls: true },
    });
    let organizationId = '';
    try {
      await killMidAttempt({
        timeoutMs: 1_000,
        start: () => startPgInstance(env),
        async createForm(url) {
          const seeded = await seedCrashForm(service, url);
          organizationId = seeded.organizationId;
          return seeded.formId;
        },
        deliveries: (formId) =>
          storage.transaction((tx) => tx.webhookDeliveries.list(organizationId, { formId })),
      });
    } finally {
      await service.close();
    }
  });
});
