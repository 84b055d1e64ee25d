import {
  copyFileSync,
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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../../ports/storage';
import * as make from '../../testing/storage-conformance/fixtures';
import { createSqlJsStorage } from './index';

// Counts atomic writes: each one ends in exactly one rename of a temp file over the database file.
const fsSpy = vi.hoisted(() => ({ rename: undefined as unknown as ReturnType<typeof vi.fn> }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  fsSpy.rename = vi.fn(actual.rename);
  return { ...actual, rename: fsSpy.rename };
});

const SLOW = 60_000;
let directory: string;
let file: string;
const logger = { warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'leadbook-sqljs-persistence-'));
  file = join(directory, 'data', 'leadbook.sqlite');
  fsSpy.rename.mockClear();
  logger.warn.mockClear();
  logger.error.mockClear();
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const writes = (): number => fsSpy.rename.mock.calls.length;
const tempFiles = (): string[] =>
  readdirSync(join(directory, 'data')).filter((name) => name.endsWith('.tmp'));

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
  const storage = await createSqlJsStorage({ file: target, persistDebounceMs: SLOW, logger });
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
  await storage.close();
  return records;
}

async function expectSeeded(target: string, records: Awaited<ReturnType<typeof seed>>) {
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

describe('sql.js file persistence', () => {
  it('keeps every record kind across close and reopen (creating the directory)', async () => {
    const records = await seed(file);
    expect(existsSync(file)).toBe(true);
    await expectSeeded(file, records);
  });

  it('ignores and removes leftover temp files of interrupted writes', async () => {
    const records = await seed(file);
    const junk = `${file}.1234.abcd.tmp`;
    const truncated = `${file}.5678.ef01.tmp`;
    const unrelated = join(directory, 'data', 'other.sqlite.1.ab.tmp');
    writeFileSync(junk, Buffer.from('not a database at all'));
    writeFileSync(truncated, readFileSync(file).subarray(0, 1000));
    writeFileSync(unrelated, 'keep me');
    await expectSeeded(file, records);
    expect(tempFiles()).toEqual(['other.sqlite.1.ab.tmp']);
  });

  it('writes after the debounce delay without waiting for close', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: 5, logger });
    const calendar = make.calendar(make.orgId());
    await storage.transaction((tx) => tx.calendars.create(calendar));
    await vi.waitFor(() => expect(writes()).toBeGreaterThan(0));
    const copy = join(directory, 'copy.sqlite');
    copyFileSync(file, copy);
    const reopened = await createSqlJsStorage({ file: copy, logger });
    expect(
      await reopened.transaction((tx) => tx.calendars.get(calendar.organizationId, calendar.id)),
    ).toEqual(calendar);
    await reopened.close();
    await storage.close();
  });

  it('coalesces many commits into one write', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: SLOW, logger });
    const org = make.orgId();
    await Promise.all(
      Array.from({ length: 25 }, () => storage.transaction((tx) => tx.calendars.create(make.calendar(org)))),
    );
    expect(writes()).toBe(0);
    await storage.close();
    expect(writes()).toBe(1);
    const reopened = await createSqlJsStorage({ file, logger });
    expect(await reopened.transaction((tx) => tx.calendars.list(org))).toHaveLength(25);
    await reopened.close();
  });

  it('a failed or read-only transaction schedules no write', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: SLOW, logger });
    const org = make.orgId();
    await storage.transaction((tx) => tx.calendars.create(make.calendar(org)));
    await storage.flush();
    expect(writes()).toBe(1);
    await expect(
      storage.transaction(async (tx) => {
        await tx.calendars.create(make.calendar(org));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await storage.transaction((tx) => tx.calendars.list(org));
    await storage.flush();
    await storage.close();
    expect(writes()).toBe(1);
  });

  it('logs a failed write, never fails the transaction, and retries after the next commit', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: 5, logger });
    const org = make.orgId();
    const [first, second] = [make.calendar(org), make.calendar(org)];
    fsSpy.rename.mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await storage.transaction((tx) => tx.calendars.create(first));
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalledTimes(1));
    expect(logger.error.mock.calls[0]?.[0]).toMatch(/could not write/);
    expect(existsSync(file)).toBe(false);
    expect(tempFiles()).toEqual([]);
    await storage.transaction((tx) => tx.calendars.create(second));
    await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    await storage.close();
    const reopened = await createSqlJsStorage({ file, logger });
    expect(await reopened.transaction((tx) => tx.calendars.list(org))).toEqual([first, second]);
    await reopened.close();
  });

  it('close flushes pending writes, is idempotent, and later transactions reject', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: SLOW, logger });
    const calendar = make.calendar(make.orgId());
    const pending = storage.transaction((tx) => tx.calendars.create(calendar));
    const [closeA, closeB] = [storage.close(), storage.close()];
    await expect(pending).resolves.toBeUndefined();
    await Promise.all([closeA, closeB]);
    await expect(storage.close()).resolves.toBeUndefined();
    expect(writes()).toBe(1);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(StorageError);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closed/);
    const reopened = await createSqlJsStorage({ file, logger });
    expect(
      await reopened.transaction((tx) => tx.calendars.get(calendar.organizationId, calendar.id)),
    ).toEqual(calendar);
    await reopened.close();
  });

  it('close rejects with StorageError when the final write fails, and still closes', async () => {
    const storage = await createSqlJsStorage({ file, persistDebounceMs: SLOW, logger });
    await storage.transaction((tx) => tx.calendars.create(make.calendar(make.orgId())));
    fsSpy.rename.mockRejectedValueOnce(new Error('disk gone'));
    await expect(storage.close()).rejects.toThrow(StorageError);
    expect(logger.error).toHaveBeenCalledTimes(1);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closed/);
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
      const storage = await createSqlJsStorage({ file, persistDebounceMs: SLOW, logger });
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
