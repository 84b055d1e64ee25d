/**
 * A process killed with SIGKILL in the middle of a webhook attempt, on a persisted sql.js file: the
 * restarted service retries the delivery once the attempt's lease has ended, and it is delivered
 * exactly once after that, for a form's submission and for a webhook subscription's event (see
 * `test-support/webhook-crash.ts`; the PostgreSQL runs are in storage-postgres).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { createConnectService, createSqlJsStorage, type ConnectService } from '@leadbook/server';
import { startInstance, stopAll } from '../../../test-support/processes';
import {
  CRASH_ATTEMPT_TIMEOUT_MS,
  formCrashSource,
  killMidAttempt,
  subscriptionCrashSource,
  type ReadDeliveries,
} from '../../../test-support/webhook-crash';
import { copyAsCrashed } from './support/table-dump';

const dir = await mkdtemp(join(tmpdir(), 'leadbook-crash-'));
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

describe('a webhook attempt in flight when the process is killed (sql.js file)', () => {
  it.each([
    ['a form submission', formCrashSource],
    ["a subscription's event", subscriptionCrashSource],
  ])(
    'of %s is retried with the same webhook-id once its lease has ended',
    { timeout: 90_000 },
    async (_what, source) => {
      const file = join(dir, `leadbook-${Math.random().toString(36).slice(2)}.sqlite`);
      // A copy, so that reading never touches the file a running instance writes; the log beside the
      // file holds what was committed since the last snapshot.
      const read: ReadDeliveries = async (organizationId, filter) => {
        const copy = join(dir, `read-${Date.now()}-${Math.random()}.sqlite`);
        copyAsCrashed(file, copy);
        const storage = await createSqlJsStorage({ file: copy });
        try {
          return await storage.transaction((tx) => tx.webhookDeliveries.list(organizationId, filter));
        } finally {
          await storage.close();
          await rm(copy, { force: true });
          await rm(`${copy}-wal`, { force: true });
        }
      };
      await killMidAttempt({
        timeoutMs: CRASH_ATTEMPT_TIMEOUT_MS,
        start: () =>
          startInstance({
            runner: fileURLToPath(new URL('./support/file-instance.ts', import.meta.url)),
            cwd: fileURLToPath(new URL('..', import.meta.url)),
            env: { LEADBOOK_DATA_FILE: file, LEADBOOK_WEBHOOK_TIMEOUT_MS: String(CRASH_ATTEMPT_TIMEOUT_MS) },
          }),
        async prepare(url) {
          const service: ConnectService = await createConnectService({
            storage: await createSqlJsStorage({ file }),
            webhooks: { allowPrivateUrls: true },
          });
          try {
            return await source(service, url, read);
          } finally {
            await service.close();
          }
        },
      });
    },
  );
});
