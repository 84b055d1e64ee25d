import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../ports/records';
import { createSqlJsStorage } from './index';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-05-04T00:00:00Z');
const booking = (id: string, startMs: number, endMs: number): BookingRecord => ({
  id,
  organizationId: 'org',
  calendarId: 'cal',
  name: null,
  createdAt: new Date(T0).toISOString(),
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(endMs).toISOString(),
  startMs,
  endMs,
  tableEntryId: null,
  resourceId: 'res',
  appointmentTypeId: null,
  resourceSlotId: null,
  calendarScheduleTypeId: null,
  calendarScheduleTypeSlotId: null,
  trigger: { source: 'console', apiTokenId: null, memberId: null },
});

describe('sql.js overlap query lower bound', () => {
  it('still finds a booking far longer than the others from the middle of its span', async () => {
    const storage = await createSqlJsStorage();
    await storage.transaction(async (tx) => {
      for (let i = 0; i < 50; i++)
        await tx.bookings.create(booking(`short-${i}`, T0 + i * HOUR, T0 + i * HOUR + HOUR / 2));
      await tx.bookings.create(booking('three-days', T0, T0 + 72 * HOUR));
    });
    const at = (ms: number) =>
      storage.transaction((tx) => tx.bookings.listOverlapping('org', ['res'], ms, ms + 1));
    expect((await at(T0 + 60 * HOUR)).map((b) => b.id)).toEqual(['three-days']);
    // Deleting the long booking keeps the bound valid (it only ever grows).
    await storage.transaction((tx) => tx.bookings.delete('org', 'three-days'));
    expect(await at(T0 + 60 * HOUR)).toEqual([]);
    expect((await at(T0 + 10 * HOUR + 1)).map((b) => b.id)).toEqual(['short-10']);
    await storage.close();
  });

  it('finds a longer booking written after the same read was answered (and remembered)', async () => {
    const storage = await createSqlJsStorage();
    await storage.transaction((tx) => tx.bookings.create(booking('short', T0, T0 + HOUR)));
    const at = (ms: number) =>
      storage.transaction((tx) => tx.bookings.listOverlapping('org', ['res'], ms, ms + 1), {
        readOnly: true,
      });
    expect(await at(T0 + 30 * HOUR)).toEqual([]);
    await storage.transaction((tx) => tx.bookings.create(booking('long', T0, T0 + 48 * HOUR)));
    expect((await at(T0 + 30 * HOUR)).map((b) => b.id)).toEqual(['long']);
    await storage.close();
  });
});
