/**
 * Conformance tests of slot holds and booking buffers: what capacity checks read of each.
 *
 * @module
 */
import { expect } from 'vitest';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';

const ids = (records: ReadonlyArray<{ id: string }>): string[] => records.map((record) => record.id);

/** Registers the hold and buffer tests. */
export function registerHoldTests(harness: ConformanceHarness): void {
  harness.group('holds', (test) => {
    test('create then get returns the stored hold, expired or not; delete removes it', async (storage) => {
      const org = make.orgId();
      const record = make.hold(org, make.id(), [60, 90, 5], { bufferBeforeMs: 600_000 });
      await inTx(storage, (tx) => tx.holds.create(record));
      await inTx(storage, async (tx) => {
        expect(await tx.holds.get(org, record.id)).toEqual(record);
        expect(await tx.holds.get(make.orgId(), record.id)).toBeNull();
        expect(await tx.holds.delete(make.orgId(), record.id)).toBe(false);
        expect(await tx.holds.delete(org, record.id)).toBe(true);
        expect(await tx.holds.get(org, record.id)).toBeNull();
      });
    });

    test('listOverlapping returns the active holds of the given resources that overlap, with their buffers', async (storage) => {
      const [org, roomA, roomB] = [make.orgId(), make.id(), make.id()];
      const active = make.hold(org, roomA, [60, 120, 10], { bufferAfterMs: 900_000 });
      const expired = make.hold(org, roomA, [60, 120, 5]);
      const touching = make.hold(org, roomA, [120, 180, 10]);
      const otherRoom = make.hold(org, roomB, [60, 120, 10]);
      const otherOrg = make.hold(make.orgId(), roomA, [60, 120, 10]);
      await inTx(storage, async (tx) => {
        for (const record of [active, expired, touching, otherRoom, otherOrg]) await tx.holds.create(record);
      });
      const found = await inTx(storage, (tx) =>
        tx.holds.listOverlapping(org, [roomA], make.ms(90), make.ms(120), make.ms(5)),
      );
      expect(found).toEqual([
        {
          id: active.id,
          resourceId: roomA,
          startMs: active.startMs,
          endMs: active.endMs,
          bufferBeforeMs: 0,
          bufferAfterMs: 900_000,
        },
      ]);
      const both = await inTx(storage, (tx) =>
        tx.holds.listOverlapping(org, [roomA, roomB], make.ms(0), make.ms(200), make.ms(5)),
      );
      expect(ids(both).sort()).toEqual(ids([active, touching, otherRoom]).sort());
      expect(await inTx(storage, (tx) => tx.holds.listOverlapping(org, [], 0, make.ms(200), 0))).toEqual([]);
    });

    test('listActiveByHolder lists the holder’s unexpired holds, oldest first; deleteExpired removes the expired ones', async (storage) => {
      const [org, room] = [make.orgId(), make.id()];
      const holder = 'form:f:1.2.3.4';
      const first = make.hold(org, room, [0, 30, 10], { holder });
      const second = make.hold(org, room, [30, 60, 20], { holder });
      const gone = make.hold(org, room, [60, 90, 5], { holder });
      const other = make.hold(org, room, [0, 30, 10]);
      const otherOrg = make.hold(make.orgId(), room, [0, 30, 1]);
      await inTx(storage, async (tx) => {
        for (const record of [first, gone, second, other, otherOrg]) await tx.holds.create(record);
      });
      await inTx(storage, async (tx) => {
        expect(ids(await tx.holds.listActiveByHolder(org, holder, make.ms(5)))).toEqual(ids([first, second]));
        expect(await tx.holds.deleteExpired(org, make.ms(10))).toBe(3);
        expect(await tx.holds.get(org, gone.id)).toBeNull();
        expect(await tx.holds.get(otherOrg.organizationId, otherOrg.id)).not.toBeNull();
        expect(ids(await tx.holds.listActiveByHolder(org, holder, 0))).toEqual([second.id]);
      });
    });
  });

  harness.group('booking buffers', (test) => {
    test('listOverlapping returns each booking’s buffers when it has them, and update changes interval and buffers', async (storage) => {
      const [org, room] = [make.orgId(), make.id()];
      const plain = make.booking(org, 0, 30, { resourceId: room });
      const buffered = make.booking(org, 60, 90, {
        resourceId: room,
        bufferBeforeMs: 300_000,
        bufferAfterMs: 600_000,
      });
      await inTx(storage, async (tx) => {
        await tx.bookings.create(plain);
        await tx.bookings.create(buffered);
      });
      const found = await inTx(storage, (tx) => tx.bookings.listOverlapping(org, [room], 0, make.ms(100)));
      expect(found).toEqual([
        { id: plain.id, resourceId: room, startMs: plain.startMs, endMs: plain.endMs },
        {
          id: buffered.id,
          resourceId: room,
          startMs: buffered.startMs,
          endMs: buffered.endMs,
          bufferBeforeMs: 300_000,
          bufferAfterMs: 600_000,
        },
      ]);
      // A reschedule: a longer interval later on, its buffers gone.
      const moved = {
        ...buffered,
        startMs: make.ms(2000),
        endMs: make.ms(2600),
        startDateTime: make.at(2000),
        endDateTime: make.at(2600),
        bufferBeforeMs: 0,
        bufferAfterMs: 0,
      };
      await inTx(storage, (tx) => tx.bookings.update(moved));
      await inTx(storage, async (tx) => {
        expect(ids(await tx.bookings.listOverlapping(org, [room], 0, make.ms(100)))).toEqual([plain.id]);
        // The whole longer booking is found from a range that touches only its end.
        expect(await tx.bookings.listOverlapping(org, [room], make.ms(2590), make.ms(2700))).toEqual([
          { id: moved.id, resourceId: room, startMs: moved.startMs, endMs: moved.endMs },
        ]);
      });
    });
  });
}
