import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../ports/storage';
import * as make from '../../testing/storage-conformance/fixtures';
import { createSqlJsStorage, type SqlJsStorage } from './index';

// Holds the backup's file write (at the opening of its temporary file) until the test lets it go,
// can fail the rename that puts it in place, and can make the log's fsync fail.
const fsHooks = vi.hoisted(() => ({
  beforeBackupWrite: undefined as (() => Promise<void>) | undefined,
  failRenameTo: undefined as string | undefined,
  failLogSync: undefined as Error | undefined,
}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const open = (async (path: Parameters<typeof actual.open>[0], ...rest: unknown[]) => {
    if (String(path).includes('backups') && String(path).endsWith('.tmp'))
      await fsHooks.beforeBackupWrite?.();
    const handle = await actual.open(path, ...(rest as []));
    if (String(path).endsWith('-wal')) {
      const datasync = handle.datasync.bind(handle);
      handle.datasync = async () => {
        if (fsHooks.failLogSync) throw fsHooks.failLogSync;
        return datasync();
      };
    }
    return handle;
  }) as typeof actual.open;
  const rename: typeof actual.rename = async (from, to) => {
    if (fsHooks.failRenameTo === String(to)) throw new Error('disk gone');
    return actual.rename(from, to);
  };
  return { ...actual, open, rename };
});

let directory: string;
let file: string;
let backups: string;
const logger = { warn: vi.fn(), error: vi.fn() };

// The first storage of a process pays for compiling sql.js and warming its code paths, which is
// not what the first test is about.
beforeAll(async () => (await createSqlJsStorage()).close());
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'leadbook-sqljs-backup-'));
  file = join(directory, 'live', 'leadbook.sqlite');
  backups = join(directory, 'backups');
  fsHooks.beforeBackupWrite = undefined;
  fsHooks.failRenameTo = undefined;
  fsHooks.failLogSync = undefined;
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function calendarNames(storage: SqlJsStorage, org: string): Promise<string[]> {
  return (await storage.transaction((tx) => tx.calendars.list(org))).map((calendar) => calendar.name);
}

/** Opens `target` on its own (nothing beside it), reads the calendars' names, closes it. */
async function namesInFile(target: string, org: string): Promise<string[]> {
  expect(existsSync(`${target}-wal`)).toBe(false);
  const storage = await createSqlJsStorage({ file: target, logger });
  try {
    return await calendarNames(storage, org);
  } finally {
    await storage.close();
  }
}

describe('sql.js backup()', () => {
  it('writes one file that opens alone while writes go on: every write resolved before the call, and a consistent cut of the rest', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    for (let i = 0; i < 10; i++) {
      await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: `before-${i}` })));
    }
    // Four clients write one calendar after another until told to stop.
    const acknowledged: string[][] = [[], [], [], []];
    let stop = false;
    let acknowledgedDuringBackup = 0;
    let backupRunning = false;
    const writers = acknowledged.map(async (names, client) => {
      for (let i = 0; !stop; i++) {
        const name = `client-${client}-${i}`;
        await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name })));
        names.push(name);
        if (backupRunning) acknowledgedDuringBackup++;
      }
    });
    await vi.waitFor(() => expect(acknowledged.every((names) => names.length >= 3)).toBe(true));
    const resolvedBeforeCall = acknowledged.flat();

    // The file is written only once 20 more writes have been acknowledged meanwhile.
    fsHooks.beforeBackupWrite = () =>
      vi.waitFor(() => expect(acknowledgedDuringBackup).toBeGreaterThanOrEqual(20));
    backupRunning = true;
    await storage.backup(join(backups, 'leadbook.sqlite'));
    backupRunning = false;
    stop = true;
    await Promise.all(writers);
    await storage.close();
    expect(readdirSync(backups)).toEqual(['leadbook.sqlite']);

    const restored = await namesInFile(join(backups, 'leadbook.sqlite'), org);
    expect(restored).toEqual(
      expect.arrayContaining([...resolvedBeforeCall, ...Array.from({ length: 10 }, (_, i) => `before-${i}`)]),
    );
    // Each client's writes in the backup are the first ones it made: no later one without an earlier one.
    for (const names of acknowledged) {
      const kept = names.filter((name) => restored.includes(name));
      expect(kept).toEqual(names.slice(0, kept.length));
    }
    // The image was taken when the backup started, not once the writes that went on were done.
    expect(restored.length).toBeLessThan(10 + acknowledged.flat().length);
  });

  it('put back in place of the database, opens once the live log is moved away, which the error says', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'kept' })));
    await storage.backup(join(backups, 'leadbook.sqlite'));
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'after the backup' })));
    await storage.close();

    writeFileSync(file, readFileSync(join(backups, 'leadbook.sqlite')));
    await expect(createSqlJsStorage({ file, logger })).rejects.toThrow(
      /-wal is not the log of .*holds every write itself: move the log away/,
    );
    rmSync(`${file}-wal`);
    expect(await namesInFile(file, org)).toEqual(['kept']);
  });

  it('of an in-memory storage, and exportBytes(), give files that open alone', async () => {
    for (const options of [{}, { file }]) {
      const storage = await createSqlJsStorage({ ...options, logger });
      const org = make.orgId();
      await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'kept' })));
      const [backup, exported] = [join(backups, 'backup.sqlite'), join(backups, 'exported.sqlite')];
      await storage.backup(backup);
      writeFileSync(exported, storage.exportBytes());
      await storage.close();
      expect(await namesInFile(backup, org)).toEqual(['kept']);
      expect(await namesInFile(exported, org)).toEqual(['kept']);
      rmSync(backups, { recursive: true });
    }
  });

  it("refuses the storage's own file or log, and a closed storage", async () => {
    const storage = await createSqlJsStorage({ file, logger });
    await expect(storage.backup(file)).rejects.toThrow(RangeError);
    await expect(storage.backup(`${file}-wal`)).rejects.toThrow(RangeError);
    await storage.close();
    await expect(storage.backup(join(backups, 'late.sqlite'))).rejects.toThrow(/closed/);
  });

  it('never holds a write that was refused because the log could not be written', async () => {
    const storage = await createSqlJsStorage({
      file,
      logger,
      durability: 'interval',
      flushIntervalMs: 60_000,
    });
    const org = make.orgId();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'kept' })));
    await storage.flush();
    // Resolved in 'interval' mode, but its log write is still to come, and fails.
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'lost' })));
    fsHooks.failLogSync = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    await expect(storage.backup(join(backups, 'leadbook.sqlite'))).rejects.toThrow(
      /write-ahead log could not be written \(no space left on device\)/,
    );
    await expect(storage.backup(join(backups, 'leadbook.sqlite'))).rejects.toThrow(StorageError);
    expect(existsSync(backups)).toBe(false);
    await expect(storage.close()).rejects.toThrow(StorageError);
  });

  it('that fails leaves the previous backup as it was and no temporary file', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    const target = join(backups, 'leadbook.sqlite');
    mkdirSync(backups);
    writeFileSync(target, 'the previous backup');
    fsHooks.failRenameTo = target;
    const error = await storage.backup(target).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/backup to .*disk gone/);
    expect(readFileSync(target, 'utf8')).toBe('the previous backup');
    expect(readdirSync(backups)).toEqual(['leadbook.sqlite']);
    // The storage goes on.
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    await storage.close();
  });
});
