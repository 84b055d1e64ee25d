import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../ports/storage';
import * as make from '../../testing/storage-conformance/fixtures';
import { createSqlJsStorage } from './index';
import { LOG_HEADER_BYTES } from './wal/log-file';

// Counts snapshots (each ends in a rename of a temp file over the database file) and can make the
// log's fsync fail.
const fsSpy = vi.hoisted(() => ({
  rename: undefined as unknown as ReturnType<typeof vi.fn>,
  failLogSync: undefined as Error | undefined,
}));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  fsSpy.rename = vi.fn(actual.rename);
  const open: typeof actual.open = async (path, ...rest) => {
    const handle = await actual.open(path, ...rest);
    if (!String(path).endsWith('-wal')) return handle;
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      if (fsSpy.failLogSync) throw fsSpy.failLogSync;
      return datasync();
    };
    return handle;
  };
  return { ...actual, rename: fsSpy.rename, open };
});

let directory: string;
let file: string;
let log: string;
const logger = { warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'leadbook-sqljs-persistence-'));
  file = join(directory, 'data', 'leadbook.sqlite');
  log = `${file}-wal`;
  fsSpy.rename.mockClear();
  fsSpy.failLogSync = undefined;
  logger.warn.mockClear();
  logger.error.mockClear();
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const snapshotsOf = (target: string): number =>
  fsSpy.rename.mock.calls.filter(([, to]) => to === target).length;
const tempFiles = (): string[] =>
  readdirSync(join(directory, 'data')).filter((name) => name.endsWith('.tmp'));

/** Copies the database and its log as a crash would leave them: only what is on disk now. */
function crashCopy(name = 'crash'): string {
  const target = join(directory, name, 'leadbook.sqlite');
  mkdirSync(join(directory, name), { recursive: true });
  copyFileSync(file, target);
  if (existsSync(log)) copyFileSync(log, `${target}-wal`);
  return target;
}

async function seed(target: string) {
  const org = make.orgId();
  const records = {
    org,
    calendar: make.calendar(org),
    entry: make.entry(org),
    booking: make.booking(org, 0, 30),
    token: make.apiToken(org),
    event: make.activity(org),
    job: make.job('job-1', make.ms(5)),
    answer: make.idempotency(org),
    schema: make.tableSchema(org, make.id()),
  };
  const storage = await createSqlJsStorage({ file: target, logger });
  await storage.transaction(async (tx) => {
    await tx.calendars.create(records.calendar);
    await tx.entries.create(records.entry);
    await tx.bookings.create(records.booking);
    await tx.apiTokens.create(records.token);
    await tx.activity.append(records.event);
    await tx.jobs.upsert(records.job);
    await tx.idempotency.save(records.answer);
    await tx.tableSchemas.save(records.schema);
  });
  return { storage, records };
}

async function expectSeeded(target: string, records: Awaited<ReturnType<typeof seed>>['records']) {
  const storage = await createSqlJsStorage({ file: target, logger });
  const { org } = records;
  await storage.transaction(async (tx) => {
    expect(await tx.calendars.list(org)).toEqual([records.calendar]);
    expect(await tx.entries.get(org, records.entry.id)).toEqual(records.entry);
    expect(await tx.bookings.listByCalendar(org, records.booking.calendarId)).toEqual([records.booking]);
    expect(await tx.apiTokens.findByDigest(records.token.digest)).toEqual(records.token);
    expect(await tx.activity.list(org)).toEqual([records.event]);
    expect(await tx.jobs.get('job-1')).toEqual(records.job);
    expect(await tx.idempotency.get(org, records.answer.scope, records.answer.key)).toEqual(records.answer);
    expect(await tx.tableSchemas.get(org, records.schema.tableId)).toEqual(records.schema);
  });
  await storage.close();
}

const calendarsOf = async (target: string, org: string) => {
  const storage = await createSqlJsStorage({ file: target, logger });
  try {
    return (await storage.transaction((tx) => tx.calendars.list(org))).map((calendar) => calendar.id);
  } finally {
    await storage.close();
  }
};

describe('sql.js file persistence', () => {
  it('keeps every record kind across close and reopen (creating the directory)', async () => {
    const { storage, records } = await seed(file);
    await storage.close();
    expect(existsSync(file)).toBe(true);
    await expectSeeded(file, records);
  });

  it('a transaction is on disk when it resolves: a crash right after loses nothing', async () => {
    const { storage, records } = await seed(file);
    // No close(): the copy is what a SIGKILL now would leave behind.
    await expectSeeded(crashCopy(), records);
    await storage.close();
  });

  it('ignores and removes leftover temp files of interrupted writes', async () => {
    const { storage, records } = await seed(file);
    await storage.close();
    const junk = `${file}.1234.abcd.tmp`;
    writeFileSync(`${log}.1234.abce.tmp`, Buffer.from('a log rewrite that never finished'));
    const truncated = `${file}.5678.ef01.tmp`;
    const unrelated = join(directory, 'data', 'other.sqlite.1.ab.tmp');
    writeFileSync(junk, Buffer.from('not a database at all'));
    writeFileSync(truncated, readFileSync(file).subarray(0, 1000));
    writeFileSync(unrelated, 'keep me');
    await expectSeeded(file, records);
    expect(tempFiles()).toEqual(['other.sqlite.1.ab.tmp']);
  });

  it('transactions committing together share one write of the log (group commit)', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    await Promise.all(
      Array.from({ length: 25 }, () => storage.transaction((tx) => tx.calendars.create(make.calendar(org)))),
    );
    const batches = storage.logBatchSizes();
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(25);
    expect(batches.length).toBeLessThan(25);
    expect(await calendarsOf(crashCopy(), org)).toHaveLength(25);
    await storage.close();
  });

  it('a failed or read-only transaction appends nothing to the log', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    const size = statSync(log).size;
    await expect(
      storage.transaction(async (tx) => {
        await tx.calendars.create(make.calendar(org));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await storage.transaction((tx) => tx.calendars.list(org));
    expect(statSync(log).size).toBe(size);
    expect(storage.logBatchSizes()).toEqual([1]);
    await storage.close();
  });

  it('recovers every record before a torn last one, and says so', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    const kept = [make.calendar(org), make.calendar(org)];
    for (const calendar of kept) await storage.transaction((tx) => tx.calendars.create(calendar));
    const before = statSync(log).size;
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'x'.repeat(2000) })));
    const target = crashCopy();
    // The process died in the middle of writing the last record.
    writeFileSync(`${target}-wal`, readFileSync(`${target}-wal`).subarray(0, before + 700));
    expect((await calendarsOf(target, org)).sort()).toEqual(kept.map((calendar) => calendar.id).sort());
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/the last record is cut short; recovered the 2 records/),
    );
    // Recovery wrote a snapshot and a log with no records: the next start has nothing to replay.
    expect(statSync(`${target}-wal`).size).toBe(LOG_HEADER_BYTES);
    await storage.close();
  });

  it('stops at a record that fails its checksum', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    const first = make.calendar(org);
    await storage.transaction((tx) => tx.calendars.create(first));
    const end = statSync(log).size;
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    const target = crashCopy();
    const bytes = readFileSync(`${target}-wal`);
    bytes[end + 40] = bytes[end + 40]! ^ 0xff;
    writeFileSync(`${target}-wal`, bytes);
    expect(await calendarsOf(target, org)).toEqual([first.id]);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/a record fails its checksum/));
    await storage.close();
  });

  it('takes a snapshot when the log passes its threshold, and the log restarts', async () => {
    const storage = await createSqlJsStorage({ file, logger, snapshotAfterBytes: 8 * 1024 });
    const org = make.orgId();
    const snapshotsAtOpen = snapshotsOf(file);
    for (let i = 0; i < 40; i++) {
      await storage.transaction((tx) => tx.calendars.create(make.calendar(org, { name: 'y'.repeat(500) })));
    }
    await vi.waitFor(() => expect(snapshotsOf(file)).toBeGreaterThan(snapshotsAtOpen));
    await storage.snapshot();
    expect(statSync(log).size).toBeLessThan(8 * 1024);
    expect(await calendarsOf(crashCopy(), org)).toHaveLength(40);
    await storage.close();
  });

  it('replays nothing twice after a crash between a snapshot and the log rewrite', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    for (let i = 0; i < 5; i++) await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    const oldLog = readFileSync(log);
    await storage.snapshot();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    const target = crashCopy();
    // The new snapshot landed, the log was not rewritten yet: it still holds records 1-5 (and 6,
    // appended to it before the rewrite).
    writeFileSync(`${target}-wal`, Buffer.concat([oldLog, readFileSync(log).subarray(LOG_HEADER_BYTES)]));
    expect(await calendarsOf(target, org)).toHaveLength(6);
    await storage.close();
  });

  it('a log that cannot be written fails the transaction, and every later one, until reopened', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const org = make.orgId();
    const durable = make.calendar(org);
    await storage.transaction((tx) => tx.calendars.create(durable));
    fsSpy.failLogSync = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    await expect(storage.transaction((tx) => tx.calendars.create(make.calendar(org)))).rejects.toThrow(
      /write-ahead log could not be written \(no space left on device\)/,
    );
    fsSpy.failLogSync = undefined;
    // What was never acknowledged must not be read as if it had been.
    await expect(storage.transaction((tx) => tx.calendars.list(org))).rejects.toThrow(StorageError);
    await expect(storage.close()).rejects.toThrow(StorageError);
    const target = crashCopy();
    expect(await calendarsOf(target, org)).toContain(durable.id);
  });

  it("'interval' durability resolves before the log is written, and writes it within the interval", async () => {
    const storage = await createSqlJsStorage({ file, logger, durability: 'interval', flushIntervalMs: 50 });
    const org = make.orgId();
    const size = statSync(log).size;
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    expect(statSync(log).size).toBe(size);
    await vi.waitFor(() => expect(statSync(log).size).toBeGreaterThan(size));
    expect(await calendarsOf(crashCopy(), org)).toHaveLength(1);
    await storage.close();
  });

  it('close writes a snapshot and leaves a log with no records, is idempotent, and later transactions reject', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const calendar = make.calendar(make.orgId());
    const pending = storage.transaction((tx) => tx.calendars.create(calendar));
    const before = snapshotsOf(file);
    const [closeA, closeB] = [storage.close(), storage.close()];
    await expect(pending).resolves.toBeUndefined();
    await Promise.all([closeA, closeB]);
    await expect(storage.close()).resolves.toBeUndefined();
    expect(snapshotsOf(file)).toBe(before + 1);
    expect(statSync(log).size).toBe(LOG_HEADER_BYTES);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closed/);
    expect(await calendarsOf(file, calendar.organizationId)).toEqual([calendar.id]);
  });

  it('close rejects with StorageError when the final snapshot fails, and still closes', async () => {
    const storage = await createSqlJsStorage({ file, logger });
    const calendar = make.calendar(make.orgId());
    await storage.transaction((tx) => tx.calendars.create(calendar));
    fsSpy.rename.mockRejectedValueOnce(new Error('disk gone'));
    await expect(storage.close()).rejects.toThrow(StorageError);
    expect(logger.error).toHaveBeenCalledTimes(1);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closed/);
    // The log still holds the write.
    expect(await calendarsOf(file, calendar.organizationId)).toEqual([calendar.id]);
  });

  describe('refuses to start on a bad main file, leaving it untouched', () => {
    const cases: Array<[string, () => Buffer, RegExp]> = [
      ['junk bytes', () => Buffer.from('this is not sqlite'.repeat(50)), /is not a SQLite database/],
      ['an empty file', () => Buffer.alloc(0), /is empty/],
    ];
    for (const [what, bytes, message] of cases) {
      it(what, async () => {
        mkdirSync(join(directory, 'data'), { recursive: true });
        writeFileSync(file, bytes());
        await expect(createSqlJsStorage({ file, logger })).rejects.toThrow(message);
        expect(readFileSync(file)).toEqual(bytes());
      });
    }

    it('a truncated database', async () => {
      const storage = await createSqlJsStorage({ file, logger });
      const org = make.orgId();
      await storage.transaction(async (tx) => {
        for (let i = 0; i < 200; i++)
          await tx.calendars.create(make.calendar(org, { name: 'x'.repeat(500) }));
      });
      await storage.close();
      expect(readFileSync(file).length).toBeGreaterThan(64 * 1024);
      const truncated = readFileSync(file).subarray(0, 40 * 1024);
      writeFileSync(file, truncated);
      const error = await createSqlJsStorage({ file, logger }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(/corrupt/);
      expect(readFileSync(file)).toEqual(truncated);
    });

    it('a path that cannot be read', async () => {
      mkdirSync(file, { recursive: true });
      await expect(createSqlJsStorage({ file, logger })).rejects.toThrow(/cannot read the database file/);
    });
  });
});
