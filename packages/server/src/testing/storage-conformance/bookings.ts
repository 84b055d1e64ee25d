/**
 * Conformance tests of calendar bookings, including the half-open overlap query.
 *
 * @module
 */
import { expect } from 'vitest';
import type { ConformanceHarness } from './harness';
import type { BookingInterval, BookingRecord } from '../../ports/records';
import { StorageError } from '../../ports/storage';
import * as make from './fixtures';
import { inTx } from './harness';

const ids = (records: ReadonlyArray<{ id: string }>): string[] => records.map((record) => record.id);
const interval = ({ id, resourceId, startMs, endMs }: BookingRecord): BookingInterval => ({
  id,
  resourceId,
  startMs,
  endMs,
});

/** Registers the booking tests. */
export function registerBookingTests(harness: ConformanceHarness): void {
  harness.group('bookings', (test) => {
    test('create then get returns the stored record', async (storage) => {
      const org = make.orgId();
      const record = make.booking(org, 60, 90, {
        name: 'Check-up',
        tableEntryId: make.id(),
        calendarScheduleTypeId: make.id(),
        calendarScheduleTypeSlotId: 'slot-7',
        trigger: { source: 'form', apiTokenId: null, memberId: null, formId: make.id() },
      });
      await inTx(storage, (tx) => tx.bookings.create(record));
      expect(await inTx(storage, (tx) => tx.bookings.get(org, record.id))).toEqual(record);
    });

    test('get is scoped by organization and returns null when unknown', async (storage) => {
      const record = make.booking(make.orgId(), 0, 30);
      await inTx(storage, (tx) => tx.bookings.create(record));
      await inTx(storage, async (tx) => {
        expect(await tx.bookings.get(make.orgId(), record.id)).toBeNull();
        expect(await tx.bookings.get(record.organizationId, make.id())).toBeNull();
      });
    });

    test('delete removes the booking, returns false when absent or in another organization', async (storage) => {
      const record = make.booking(make.orgId(), 0, 30);
      await inTx(storage, (tx) => tx.bookings.create(record));
      await inTx(storage, async (tx) => {
        expect(await tx.bookings.delete(make.orgId(), record.id)).toBe(false);
        expect(await tx.bookings.delete(record.organizationId, record.id)).toBe(true);
        expect(await tx.bookings.get(record.organizationId, record.id)).toBeNull();
        expect(await tx.bookings.delete(record.organizationId, record.id)).toBe(false);
      });
    });

    test('update replaces the stored booking (its meeting included); false when absent or in another organization', async (storage) => {
      const record = make.booking(make.orgId(), 0, 30);
      await inTx(storage, (tx) => tx.bookings.create(record));
      const changed: BookingRecord = {
        ...record,
        meeting: {
          provider: 'zoom',
          status: 'created',
          hostUserId: 'host@example.com',
          url: 'https://meet.invalid/1',
          externalId: '1',
          password: null,
          externalStartTime: record.startDateTime,
          durationMinutes: 30,
          attempts: 0,
          lastError: null,
          attemptStartedAt: null,
          nextAttemptAt: null,
        },
      };
      await inTx(storage, async (tx) => {
        expect(await tx.bookings.update({ ...changed, organizationId: make.orgId() })).toBe(false);
        expect(await tx.bookings.update({ ...changed, id: make.id() })).toBe(false);
        expect(await tx.bookings.update(changed)).toBe(true);
      });
      expect(await inTx(storage, (tx) => tx.bookings.get(record.organizationId, record.id))).toEqual(changed);
    });

    test('listMeetingsDue lists the bookings of every organization whose meetingDueAt is set, oldest first, up to the limit', async (storage) => {
      const [a, b, c] = [make.orgId(), make.orgId(), make.orgId()];
      const due = [
        { ...make.booking(a, 0, 30), meetingDueAt: 0 },
        { ...make.booking(b, 0, 30), meetingDueAt: 1_700_000_000_000 },
        { ...make.booking(c, 0, 30), meetingDueAt: 5 },
      ];
      const none = [make.booking(a, 30, 60), { ...make.booking(b, 30, 60), meetingDueAt: null }];
      await inTx(storage, async (tx) => {
        for (const record of [due[0]!, none[0]!, due[1]!, none[1]!, due[2]!])
          await tx.bookings.create(record);
      });
      await inTx(storage, async (tx) => {
        expect(ids(await tx.bookings.listMeetingsDue(10))).toEqual(ids(due));
        expect(ids(await tx.bookings.listMeetingsDue(2))).toEqual(ids(due.slice(0, 2)));
        await tx.bookings.update({ ...due[0]!, meetingDueAt: null });
        expect(ids(await tx.bookings.listMeetingsDue(10))).toEqual(ids(due.slice(1)));
      });
    });

    test('creating an existing id rejects with StorageError', async (storage) => {
      const record = make.booking(make.orgId(), 0, 30);
      await inTx(storage, (tx) => tx.bookings.create(record));
      await expect(
        inTx(storage, (tx) => tx.bookings.create({ ...record, name: 'Copy' })),
      ).rejects.toBeInstanceOf(StorageError);
    });

    test('listOverlapping is half-open: partial overlaps in, touching intervals out', async (storage) => {
      const [org, room] = [make.orgId(), make.id()];
      const at = (from: number, to: number) => make.booking(org, from, to, { resourceId: room });
      const [endsAtStart, startsAtEnd] = [at(0, 60), at(120, 180)];
      const [overlapsStart, overlapsEnd, inside, covering, same] = [
        at(30, 90),
        at(110, 150),
        at(70, 80),
        at(0, 180),
        at(60, 120),
      ];
      await inTx(storage, async (tx) => {
        for (const record of [endsAtStart, startsAtEnd, overlapsStart, overlapsEnd, inside, covering, same]) {
          await tx.bookings.create(record);
        }
      });
      const found = await inTx(storage, (tx) =>
        tx.bookings.listOverlapping(org, [room], make.ms(60), make.ms(120)),
      );
      expect(ids(found).sort()).toEqual(ids([overlapsStart, overlapsEnd, inside, covering, same]).sort());
      // Only where each booking sits, not the whole record.
      expect(found.find((found) => found.id === inside.id)).toStrictEqual(interval(inside));
    });

    test('listOverlapping returns only the given resources of the organization', async (storage) => {
      const [org, roomA, roomB, roomC] = [make.orgId(), make.id(), make.id(), make.id()];
      const a = make.booking(org, 0, 60, { resourceId: roomA });
      const b = make.booking(org, 0, 60, { resourceId: roomB });
      const c = make.booking(org, 0, 60, { resourceId: roomC });
      const noResource = make.booking(org, 0, 60, { resourceId: null });
      const otherOrg = make.booking(make.orgId(), 0, 60, { resourceId: roomA });
      await inTx(storage, async (tx) => {
        for (const record of [a, b, c, noResource, otherOrg]) await tx.bookings.create(record);
      });
      await inTx(storage, async (tx) => {
        const found = await tx.bookings.listOverlapping(org, [roomA, roomB], make.ms(0), make.ms(60));
        expect(ids(found).sort()).toEqual(ids([a, b]).sort());
        expect(await tx.bookings.listOverlapping(org, [roomC], make.ms(0), make.ms(60))).toEqual([
          interval(c),
        ]);
      });
    });

    test('listOverlapping with no resource ids returns nothing', async (storage) => {
      const org = make.orgId();
      await inTx(storage, (tx) => tx.bookings.create(make.booking(org, 0, 60)));
      expect(
        await inTx(storage, (tx) => tx.bookings.listOverlapping(org, [], make.ms(-60), make.ms(600))),
      ).toEqual([]);
    });

    test('listByCalendar returns the calendar bookings oldest start first', async (storage) => {
      const [org, calendarId] = [make.orgId(), make.id()];
      const late = make.booking(org, 300, 330, { calendarId });
      const early = make.booking(org, 0, 30, { calendarId });
      const middle = make.booking(org, 120, 150, { calendarId });
      await inTx(storage, async (tx) => {
        for (const record of [late, early, middle]) await tx.bookings.create(record);
        await tx.bookings.create(make.booking(org, 60, 90));
        await tx.bookings.create(make.booking(make.orgId(), 60, 90, { calendarId }));
      });
      expect(await inTx(storage, (tx) => tx.bookings.listByCalendar(org, calendarId))).toEqual([
        early,
        middle,
        late,
      ]);
    });

    test('countByCalendar counts the organization bookings per calendar', async (storage) => {
      const [org, cal1, cal2] = [make.orgId(), make.id(), make.id()];
      await inTx(storage, async (tx) => {
        for (const calendarId of [cal1, cal2, cal2])
          await tx.bookings.create(make.booking(org, 0, 30, { calendarId }));
        await tx.bookings.create(make.booking(make.orgId(), 0, 30, { calendarId: cal1 }));
      });
      await inTx(storage, async (tx) => {
        expect(await tx.bookings.countByCalendar(org)).toEqual(
          new Map([
            [cal1, 1],
            [cal2, 2],
          ]),
        );
        expect(await tx.bookings.countByCalendar(make.orgId())).toEqual(new Map());
      });
    });

    test('countByScheduleType counts one calendar bookings per schedule type', async (storage) => {
      const [org, cal, otherCal, t1, t2] = [make.orgId(), make.id(), make.id(), make.id(), make.id()];
      const book = (calendarId: string, calendarScheduleTypeId: string | null) =>
        make.booking(org, 0, 30, { calendarId, calendarScheduleTypeId });
      await inTx(storage, async (tx) => {
        for (const record of [
          book(cal, t1),
          book(cal, t2),
          book(cal, t2),
          book(cal, null),
          book(otherCal, t1),
        ]) {
          await tx.bookings.create(record);
        }
      });
      expect(await inTx(storage, (tx) => tx.bookings.countByScheduleType(org, cal))).toEqual(
        new Map([
          [t1, 1],
          [t2, 2],
        ]),
      );
    });
  });
}
