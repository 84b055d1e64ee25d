/**
 * Writes the sql.js upgrade fixture: a database file as a release of `@leadbook/server` leaves it,
 * for `sqljs-upgrade.test.ts` to open with the code of every later release.
 *
 * The committed fixture `fixtures/sqljs-0.1.0.sqlite.gz` (and its `.json` manifest) was written by
 * commit 1aad4b1 ("PostgreSQL job batching: one batch type, no optional promise"), the last commit
 * of release 0.1.0. It is the file `createSqlJsStorage({ file })` wrote at `service.close()`
 * (self-contained: it opens without its log), gzipped: the file is mostly empty pages.
 *
 * To add the fixture of the next release, on the release's last commit, from the repository root:
 *
 * ```sh
 * npx tsx packages/server/test/upgrades/generate.ts <version> <commit>
 * ```
 *
 * It writes `fixtures/sqljs-<version>.sqlite.gz` and `fixtures/sqljs-<version>.json`. Keep the older
 * fixtures: the test opens every one of them. What is seeded is `seedUpgradeFixture`
 * (`test-support/upgrade-fixture.ts`), through the public API, on a fixed clock.
 *
 * @module
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createConnectService, createManualClock, createSqlJsStorage } from '@leadbook/server';
import { FIXTURE_NOW, fixtureWebhooks, seedUpgradeFixture } from '../../../../test-support/upgrade-fixture';
import { MIGRATIONS } from '../../src/adapters/sqljs/migrations';

const [version, commit] = process.argv.slice(2);
if (!version || !commit) throw new Error('usage: generate.ts <version> <commit>');

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'leadbook-upgrade-'));
try {
  const file = join(dir, 'leadbook.sqlite');
  const service = await createConnectService({
    clock: createManualClock(FIXTURE_NOW),
    storage: await createSqlJsStorage({ file }),
    webhooks: fixtureWebhooks(),
  });
  const seeded = await seedUpgradeFixture(service);
  await service.close();
  const manifest = {
    release: { version, commit },
    schemaVersion: MIGRATIONS.at(-1)!.version,
    ...seeded,
  };
  await writeFile(join(fixtures, `sqljs-${version}.sqlite.gz`), gzipSync(await readFile(file), { level: 9 }));
  await writeFile(join(fixtures, `sqljs-${version}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`wrote ${fixtures}sqljs-${version}.sqlite.gz\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
