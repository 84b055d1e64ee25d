import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../ports/storage';
import * as make from '../../testing/storage-conformance/fixtures';
import { createSqlJsStorage, type SqlJsStorage } from './index';
import { LOG_HEADER_BYTES } from './wal/log-file';

// Runs a hook right after a rename lands: to copy the files as a crash at that moment would leave
// them, or to throw as if the process died there.
const fsHooks = vi.hoisted(() => ({ afterRename: undefined as ((to: string) => void) | undefined }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  const rename: typeof actual.rename = async (from, to) => {
    await actual.rename(from, to);
    fsHooks.afterRename?.(String(to));
  };
  return { ...actual, rename };
});

let directory: string;
let file: string;
const logger = { warn: vi.fn(), error: vi.fn() };

// The first storage of a process pays for compiling sql.js and warming its code paths, which is
// not what the first test is about.
beforeAll(async () => (await createSqlJsStorage()).close());
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'leadbook-sqljs-pairing-'));
  file = join(directory, 'live', 'leadbook.sqlite');
  fsHooks.afterRename = undefined;
  logger.warn.mockClear();
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Copies the file and, unless told otherwise, its log to a directory of their own. */
function copyFiles(name: string, from = file, { withLog = true } = {}): string {
  const target = join(directory, name, 'leadbook.sqlite');
  mkdirSync(join(directory, name), { recursive: true });
  copyFileSync(from, target);
  if (withLog && existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${target}-wal`);
  return target;
}

async function withWrites(count: number, target = file): Promise<{ storage: SqlJsStorage; org: string }> {
  const storage = await createSqlJsStorage({ file: target, logger });
  const org = make.orgId();
  await Promise.all(
    Array.from({ length: count }, () => storage.transaction((tx) => tx.calendars.create(make.calendar(org)))),
  );
  return { storage, org };
}

async function countCalendars(target: string, org: string, options = {}): Promise<number> {
  const storage = await createSqlJsStorage({ file: target, logger, ...options });
  try {
    return (await storage.transaction((tx) => tx.calendars.list(org))).length;
  } finally {
    await storage.close();
  }
}

const openError = (target: string) =>
  createSqlJsStorage({ file: target, logger }).then(
    async (storage) => {
      await storage.close();
      return undefined;
    },
    (error: unknown) => error as Error,
  );

describe('a snapshot and its write-ahead log', () => {
  it('a file copied without its log is refused, left untouched, and the error says what to do', async () => {
    const { storage, org } = await withWrites(20);
    const copy = copyFiles('copy', file, { withLog: false });
    const bytes = readFileSync(copy);
    const error = await openError(copy);
    expect(error).toBeInstanceOf(StorageError);
    expect(error?.message).toContain(`the write-ahead log ${copy}-wal is missing`);
    expect(error?.message).toMatch(/storage\.backup\(\).*allowMissingLog: true/);
    expect(readFileSync(copy).equals(bytes)).toBe(true);
    expect(existsSync(`${copy}-wal`)).toBe(false);
    // With its log, the same file holds every write.
    expect(await countCalendars(copyFiles('both'), org)).toBe(20);
    await storage.close();
  });

  it('allowMissingLog opens a file without its log, says what is lost, and the copy goes on alone', async () => {
    const { storage, org } = await withWrites(3);
    const copy = copyFiles('copy', file, { withLog: false });
    // The writes were only in the log.
    expect(await countCalendars(copy, org, { allowMissingLog: true })).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/without its write-ahead log .*are lost/));
    expect(existsSync(`${copy}-wal`)).toBe(true);
    expect(await countCalendars(copy, org)).toBe(0);
    await storage.close();
  });

  it('a file written by close() opens without its log and holds every write', async () => {
    const { storage, org } = await withWrites(20);
    await storage.close();
    expect(await countCalendars(copyFiles('copy', file, { withLog: false }), org)).toBe(20);
  });

  it('a file reopened after close() needs its log again as soon as it opens', async () => {
    const { storage, org } = await withWrites(5);
    await storage.close();
    const reopened = await createSqlJsStorage({ file, logger });
    await reopened.transaction((tx) => tx.calendars.create(make.calendar(org)));
    expect(await openError(copyFiles('copy', file, { withLog: false }))).toBeInstanceOf(StorageError);
    expect(await countCalendars(copyFiles('both'), org)).toBe(6);
    await reopened.close();
  });

  it("another database's log is refused, allowMissingLog or not", async () => {
    const { storage, org } = await withWrites(3);
    const other = await withWrites(3, join(directory, 'other', 'leadbook.sqlite'));
    const mixed = copyFiles('mixed', file, { withLog: false });
    copyFileSync(join(directory, 'other', 'leadbook.sqlite-wal'), `${mixed}-wal`);
    for (const options of [{}, { allowMissingLog: true }]) {
      const error = await createSqlJsStorage({ file: mixed, logger, ...options }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(/-wal is not the log of .*another database/);
    }
    await Promise.all([storage.close(), other.storage.close()]);
    expect(await countCalendars(copyFiles('live-again'), org)).toBe(3);
  });

  it('a file older than its log (copied before a snapshot, the log after) is refused', async () => {
    const { storage, org } = await withWrites(5);
    const older = copyFiles('older', file, { withLog: false });
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    await storage.snapshot();
    copyFileSync(`${file}-wal`, `${older}-wal`);
    expect((await openError(older))?.message).toMatch(
      /starts after record 6, but .* up to 0: the file is older than its log, and records 1 to 6/,
    );
    await storage.close();
  });

  it('a log older than its file (copied before a snapshot, the file after) is refused', async () => {
    const { storage, org } = await withWrites(5);
    const staleLog = readFileSync(`${file}-wal`);
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    await storage.snapshot();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    const copy = copyFiles('copy', file, { withLog: false });
    writeFileSync(`${copy}-wal`, staleLog);
    expect((await openError(copy))?.message).toMatch(/ends at record 5, but .* up to record 6 or later/);
    await storage.close();
  });

  it('a log with a damaged header, or a log with writes and no file, is refused', async () => {
    const { storage } = await withWrites(3);
    const damaged = copyFiles('damaged');
    const log = readFileSync(`${damaged}-wal`);
    log[20] = log[20]! ^ 0xff;
    writeFileSync(`${damaged}-wal`, log);
    expect((await openError(damaged))?.message).toMatch(/header of .*-wal is damaged/);

    const orphan = copyFiles('orphan');
    rmSync(orphan);
    expect((await openError(orphan))?.message).toMatch(
      /-wal holds writes but the database file .* does not exist/,
    );
    await storage.close();
  });

  it('a snapshot replaces the file only once its log holds every record the snapshot does', async () => {
    // The log is written only when asked: the snapshot must ask before it lands.
    const storage = await createSqlJsStorage({
      file,
      logger,
      durability: 'interval',
      flushIntervalMs: 60_000,
    });
    const org = make.orgId();
    for (let i = 0; i < 4; i++) await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    let crashed: string | undefined;
    fsHooks.afterRename = (to) => {
      if (to === file && crashed === undefined) crashed = copyFiles('crash');
    };
    await storage.snapshot();
    expect(await countCalendars(crashed!, org)).toBe(4);
    await storage.close();
  });

  describe('a start that dies right after the first of its two writes leaves files that open', () => {
    const dieAfterFirstWrite = () => {
      fsHooks.afterRename = () => {
        fsHooks.afterRename = undefined;
        throw new Error('the process died here');
      };
    };

    it('when it replayed the log (the new snapshot goes first)', async () => {
      const { storage, org } = await withWrites(7);
      const copy = copyFiles('crash');
      dieAfterFirstWrite();
      await expect(createSqlJsStorage({ file: copy, logger })).rejects.toThrow('the process died here');
      expect(await countCalendars(copy, org)).toBe(7);
      await storage.close();
    });

    it('when it had no log (the new log goes first)', async () => {
      const { storage, org } = await withWrites(7);
      await storage.close();
      const copy = copyFiles('copy', file, { withLog: false });
      dieAfterFirstWrite();
      await expect(createSqlJsStorage({ file: copy, logger })).rejects.toThrow('the process died here');
      expect(await countCalendars(copy, org)).toBe(7);
    });
  });

  describe('files of an earlier version (no log identity in the file, no header in the log)', () => {
    // What the version before log identities wrote: the same records, without them.
    async function asEarlierVersion(target: string): Promise<void> {
      const SQL = await initSqlJs();
      const db = new SQL.Database(readFileSync(target));
      db.exec(
        'ALTER TABLE sqljs_wal_state DROP COLUMN log_id; ALTER TABLE sqljs_wal_state DROP COLUMN self_contained;',
      );
      writeFileSync(target, db.export());
      db.close();
      writeFileSync(`${target}-wal`, readFileSync(`${target}-wal`).subarray(LOG_HEADER_BYTES));
    }

    it('open with their log, replay it, and are upgraded', async () => {
      const { storage, org } = await withWrites(9);
      const old = copyFiles('old');
      await asEarlierVersion(old);
      expect(readFileSync(`${old}-wal`).length).toBeGreaterThan(0);
      expect(await countCalendars(old, org)).toBe(9);
      // Upgraded: the file now names its log, so the file alone is refused.
      const reopened = await createSqlJsStorage({ file: old, logger });
      await reopened.transaction((tx) => tx.calendars.create(make.calendar(org)));
      expect(await openError(copyFiles('alone', old, { withLog: false }))).toBeInstanceOf(StorageError);
      await Promise.all([reopened.close(), storage.close()]);
    });

    it('without their log, open only with allowMissingLog (they never said whether they held everything)', async () => {
      const { storage, org } = await withWrites(2);
      await storage.close();
      const old = copyFiles('old');
      await asEarlierVersion(old);
      rmSync(`${old}-wal`);
      expect((await openError(old))?.message).toMatch(/written by an earlier version/);
      expect(await countCalendars(old, org, { allowMissingLog: true })).toBe(2);
    });
  });
});
