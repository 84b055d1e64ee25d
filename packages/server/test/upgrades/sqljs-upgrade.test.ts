/**
 * Upgrades of the sql.js storage: every database file an earlier release wrote (`fixtures/`, made by
 * `generate.ts`) opens with the current `createSqlJsStorage`, is migrated to the current schema
 * version, serves what it holds through the Connect API and takes new writes, which a later start
 * finds again, when the booking timers the old release stored fire.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createConnectService,
  createManualClock,
  createSqlJsStorage,
  type ConnectService,
} from '@leadbook/server';
import { checkUpgradedService, readFixtures } from '../../../../test-support/upgrade-checks';
import { fixtureWebhooks } from '../../../../test-support/upgrade-fixture';
import { MIGRATIONS } from '../../src/adapters/sqljs/migrations';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const CURRENT = MIGRATIONS.at(-1)!.version;

const schemaVersion = async (bytes: Uint8Array): Promise<number> => {
  const db = new (await initSqlJs()).Database(bytes);
  try {
    return Number(db.exec('SELECT MAX(version) FROM schema_migrations')[0]!.values[0]![0]);
  } finally {
    db.close();
  }
};

describe.each(readFixtures(FIXTURES, 'sqljs'))(
  'the sql.js database of $manifest.release.version',
  (fixture) => {
    const { manifest } = fixture;
    let dir: string;
    let service: ConnectService | undefined;
    afterEach(async () => {
      await service?.close();
      service = undefined;
      await rm(dir, { recursive: true, force: true });
    });

    const open = async (file: string, at: number | string = manifest.now) => {
      const storage = await createSqlJsStorage({ file });
      service = await createConnectService({
        clock: createManualClock(at),
        storage,
        webhooks: fixtureWebhooks(),
      });
      return { storage, service };
    };

    it('opens with the current code, migrates, serves its records, takes new bookings and fires the timers it stored', async () => {
      dir = await mkdtemp(join(tmpdir(), 'leadbook-upgrade-'));
      const file = join(dir, 'leadbook.sqlite');
      const bytes = gunzipSync(await readFile(join(FIXTURES, `${fixture.name}.sqlite.gz`)));
      expect(await schemaVersion(bytes)).toBe(manifest.schemaVersion);
      expect(manifest.schemaVersion).toBeLessThanOrEqual(CURRENT);
      await writeFile(file, bytes);

      const first = await open(file);
      expect(await schemaVersion(first.storage.exportBytes())).toBe(CURRENT);
      const bookingId = await checkUpgradedService(first.service, manifest);
      await first.service.close();

      // The migrated file opens again, a day after the bookings: the timers the old release
      // stored fire, and so do the new booking's.
      const second = await open(file, Date.parse(manifest.hold.endDateTime) + 86_400_000);
      const ended = new Set<string>();
      let bothEnded!: () => void;
      const done = new Promise<void>((resolve) => (bothEnded = resolve));
      second.service.events.on('calendar.appointment.hasEnded', ({ payload }) => {
        ended.add(payload.booking.id);
        if (ended.has(manifest.booking.id) && ended.has(bookingId)) bothEnded();
      });
      await done;
      const found = await second.storage.transaction((tx) =>
        tx.bookings.get(manifest.organizationId, bookingId),
      );
      expect(found).toMatchObject({ id: bookingId, startDateTime: manifest.hold.startDateTime });
    });
  },
);
