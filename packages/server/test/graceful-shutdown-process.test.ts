/**
 * SIGTERM of a service process on a persisted sql.js file while four keep-alive clients post leads
 * back to back: the process shuts down as the mounting guide says (stop accepting, `service.close()`,
 * end the open connections). No client ever gets a 500, a refused request is the 503 of the Connect
 * envelope, the process exits 0, and every acknowledged lead is in the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnectService, createSqlJsStorage } from '@leadbook/server';
import { afterAll, describe, expect, it } from 'vitest';
import { startInstance, stopAll } from '../../../test-support/processes';
import { processTarget, shutdownTrial } from '../../../test-support/shutdown-trial';

const TRIALS = 3;
const TOKEN = `service_live_${'d4'.repeat(32)}`;

const dir = await mkdtemp(join(tmpdir(), 'leadbook-shutdown-'));
const file = join(dir, 'leadbook.sqlite');
afterAll(async () => {
  await stopAll();
  await rm(dir, { recursive: true, force: true });
});

async function seed() {
  const service = await createConnectService({ storage: await createSqlJsStorage({ file }) });
  const [org] = (
    await service.admin.seed({
      organizations: [
        {
          name: 'Shutdown studio',
          apiTokens: [{ name: 'write', scopes: ['write'], token: TOKEN }],
          tables: [{ name: 'Leads', leadStates: [{ name: 'New', category: 'new', default: true }] }],
        },
      ],
    })
  ).organizations;
  await service.close();
  return {
    organizationId: org!.id,
    tableId: org!.tables['Leads']!.id,
    leadStateId: org!.tables['Leads']!.leadStates['New']!,
  };
}

describe('SIGTERM with keep-alive clients on sql.js (persisted file)', { timeout: 180_000 }, () => {
  it(`answers no 500 and keeps every acknowledged lead, ${TRIALS} trials`, async () => {
    const scenario = await seed();
    for (let trial = 0; trial < TRIALS; trial++) {
      const instance = await startInstance({
        runner: fileURLToPath(new URL('./support/file-instance.ts', import.meta.url)),
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { LEADBOOK_DATA_FILE: file },
      });
      const report = await shutdownTrial(processTarget(instance), {
        path: '/connect/table_entries/',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: (client, n) => ({
          tableId: scenario.tableId,
          leadStateId: scenario.leadStateId,
          data: { trial, client, n },
        }),
      });
      expect({ trial, problems: report.problems, exit: report.exit }).toEqual({
        trial,
        problems: [],
        exit: 0,
      });
      expect(report.statuses[500]).toBeUndefined();
      expect(report.acknowledged.length).toBeGreaterThan(0);

      const storage = await createSqlJsStorage({ file });
      const stored = new Set(
        (
          await storage.transaction((tx) =>
            tx.entries.list(scenario.organizationId, { tableId: scenario.tableId }),
          )
        ).map((entry) => entry.id),
      );
      await storage.close();
      expect(report.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    }
  });
});
