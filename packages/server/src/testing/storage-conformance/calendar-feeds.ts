/**
 * Conformance tests of calendar feeds: the generic scoped tests, the lookup by token digest (in any
 * organization, unique), and the bounded read of one resource's bookings a feed makes.
 *
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import { CalendarFeedSchema } from '@leadbook/contract';
import { expect } from 'vitest';
import type { CalendarFeedRecord } from '../../ports/records';
import { StorageError } from '../../ports/storage';
import type { ConformanceHarness } from './harness';
import { inTx } from './harness';
import * as make from './fixtures';
import { scopedSuite } from './scoped';

const digest = () => createHash('sha256').update(randomBytes(32)).digest('hex');

const feed = (organizationId: string, overrides: Partial<CalendarFeedRecord> = {}): CalendarFeedRecord => ({
  id: make.id(),
  organizationId,
  resourceId: make.id(),
  tokenDigest: digest(),
  createdAt: make.later(),
  rotatedAt: null,
  ...overrides,
});

const ids = (records: ReadonlyArray<{ id: string }>) => records.map((record) => record.id);

/** Registers the calendar feed tests. */
export function registerCalendarFeedTests(harness: ConformanceHarness): void {
  scopedSuite(harness, {
    name: 'calendarFeeds',
    repo: (tx) => tx.calendarFeeds,
    build: feed,
    // What the console shows of a stored feed: everything but the digest.
    schema: {
      parse: (value: unknown) => {
        const { tokenDigest: _digest, ...shown } = value as CalendarFeedRecord;
        return CalendarFeedSchema.strict().parse(shown);
      },
    },
    change: (r) => ({ ...r, tokenDigest: digest(), rotatedAt: make.later() }),
    filters: ['resourceId'],
  });

  harness.group('calendarFeeds by token', (test) => {
    test('findByTokenDigest finds the feed in any organization, null for an unknown digest', async (storage) => {
      const [a, b] = [feed(make.orgId()), feed(make.orgId())];
      await inTx(storage, async (tx) => {
        await tx.calendarFeeds.create(a);
        await tx.calendarFeeds.create(b);
      });
      await inTx(storage, async (tx) => {
        expect(await tx.calendarFeeds.findByTokenDigest(b.tokenDigest)).toEqual(b);
        expect(await tx.calendarFeeds.findByTokenDigest(digest())).toBeNull();
      });
    });

    test('an updated digest finds the feed and the old one no longer does', async (storage) => {
      const record = feed(make.orgId());
      const rotated = { ...record, tokenDigest: digest(), rotatedAt: make.later() };
      await inTx(storage, (tx) => tx.calendarFeeds.create(record));
      await inTx(storage, (tx) => tx.calendarFeeds.update(rotated));
      await inTx(storage, async (tx) => {
        expect(await tx.calendarFeeds.findByTokenDigest(record.tokenDigest)).toBeNull();
        expect(await tx.calendarFeeds.findByTokenDigest(rotated.tokenDigest)).toEqual(rotated);
      });
    });

    test('a second feed with the same digest rejects with StorageError', async (storage) => {
      const record = feed(make.orgId());
      await inTx(storage, (tx) => tx.calendarFeeds.create(record));
      await expect(
        inTx(storage, (tx) =>
          tx.calendarFeeds.create(feed(make.orgId(), { tokenDigest: record.tokenDigest })),
        ),
      ).rejects.toBeInstanceOf(StorageError);
    });
  });

  harness.group('bookings of a resource', (test) => {
    test('listByResource is half-open, of one resource of the organization, earliest first', async (storage) => {
      const [org, room] = [make.orgId(), make.id()];
      const at = (from: number, to: number) => make.booking(org, from, to, { resourceId: room });
      const [endsAtStart, startsAtEnd, inside, covering, late] = [
        at(0, 60),
        at(120, 180),
        at(70, 80),
        at(30, 150),
        at(100, 110),
      ];
      await inTx(storage, async (tx) => {
        for (const record of [endsAtStart, startsAtEnd, inside, covering, late])
          await tx.bookings.create(record);
        await tx.bookings.create(make.booking(org, 70, 80, { resourceId: make.id() }));
        await tx.bookings.create(make.booking(make.orgId(), 70, 80, { resourceId: room }));
      });
      const range = { startMs: make.ms(60), endMs: make.ms(120), limit: 10 };
      const found = await inTx(storage, (tx) => tx.bookings.listByResource(org, room, range));
      expect(found).toEqual([covering, inside, late]);
    });

    test('listByResource returns at most limit bookings, latest first when asked', async (storage) => {
      const [org, room] = [make.orgId(), make.id()];
      const records = [0, 60, 120, 180].map((from) =>
        make.booking(org, from, from + 30, { resourceId: room }),
      );
      await inTx(storage, async (tx) => {
        for (const record of records) await tx.bookings.create(record);
      });
      const range = { startMs: make.ms(0), endMs: make.ms(240), limit: 2 };
      await inTx(storage, async (tx) => {
        expect(ids(await tx.bookings.listByResource(org, room, range))).toEqual(ids(records.slice(0, 2)));
        const latest = await tx.bookings.listByResource(org, room, { ...range, latestFirst: true });
        expect(ids(latest)).toEqual(ids([records[3]!, records[2]!]));
        expect(await tx.bookings.listByResource(org, room, { ...range, limit: 0 })).toEqual([]);
      });
    });
  });
}
