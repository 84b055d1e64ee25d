/**
 * A process killed with SIGKILL in the middle of a webhook attempt, on a persisted sql.js file: the
 * restarted service retries the delivery once the attempt's lease has ended (see
 * `test-support/webhook-crash.ts`; the PostgreSQL run is in storage-postgres).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { startInstance, stopAll } from '../../../test-support/processes';
import { killMidAttempt, seedCrashForm } from '../../../test-support/webhook-crash';
import { copyAsCrashed } from './support/table-dump';

const dir = await mkdtemp(join(tmpdir(), 'leadbook-crash-'));
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

describe('a webhook attempt in flight when the process is killed (sql.js file)', () => {
  it('is retried with the same webhook-id once its lease has ended', { timeout: 90_000 }, async () => {
    const file = join(dir, 'leadbook.sqlite');
    let organizationId = '';
    await killMidAttempt({
      timeoutMs: 1_000,
      start: () =>
        startInstance({
          runner: fileURLToPath(new URL('./support/file-instance.ts', import.meta.url)),
          cwd: fileURLToPath(new URL('..', import.meta.url)),
          env: { LEADBOOK_DATA_FILE: file, LEADBOOK_WEBHOOK_TIMEOUT_MS: '1000' },
        }),
      async createForm(url) {
        const service = await createConnectService({
          storage: await createSqlJsStorage({ file }),
          webhooks: { allowPrivateUrls: true },
        });
        const seeded = await seedCrashForm(service, url);
        organizationId = seeded.organizationId;
        await service.close();
        return seeded.formId;
      },
      async deliveries(formId) {
        // A copy, so that reading never touches the file a running instance writes.
        const copy = join(dir, `read-${Date.now()}-${Math.random()}.sqlite`);
        // The log beside the file holds what was committed since the last snapshot.
        copyAsCrashed(file, copy);
        const storage = await createSqlJsStorage({ file: copy });
        try {
          return await storage.transaction((tx) => tx.webhookDeliveries.list(organizationId, { formId }));
        } finally {
          await storage.close();
          await rm(copy, { force: true });
          await rm(`${copy}-wal`, { force: true });
        }
      },
    });
  });
});
