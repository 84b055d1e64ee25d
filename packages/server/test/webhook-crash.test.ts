/**
 * A process killed with SIGKILL in the middle of a webhook attempt, on a persisted sql.js file: the
 * restarted service retries the delivery once the attempt's lease has ended (see
 * `test-support/webhook-crash.ts`; the PostgreSQL run is in storage-postgres).
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, it } from 'vitest';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { startInstance, stopAll } from '../../../test-support/processes';
import { killMidAttempt } from '../../../test-support/webhook-crash';

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
        const [org] = (
          await service.admin.seed({
            organizations: [{ name: 'Crash', calendars: [{ name: 'Desk', tzdata: 'UTC' }] }],
          })
        ).organizations;
        organizationId = org!.id;
        const form = await service.admin.forms.create(organizationId, {
          name: 'Hook',
          published: true,
          webhookOnly: true,
          webhookUrl: url,
          studios: [{ id: 'main', name: 'Main', calendarIds: [org!.calendars['Desk']!] }],
        });
        await service.close();
        return form.id;
      },
      async deliveries(formId) {
        // A copy, so that reading never touches the file a running instance writes.
        const copy = join(dir, `read-${Date.now()}-${Math.random()}.sqlite`);
        await copyFile(file, copy);
        // The log beside it holds what was committed since the last snapshot.
        await copyFile(`${file}-wal`, `${copy}-wal`).catch(() => undefined);
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
