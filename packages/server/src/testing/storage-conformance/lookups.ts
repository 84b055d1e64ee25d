/**
 * Conformance tests of what searches and bookings read of the lookups, beyond the generic scoped
 * tests: blockers by time and resources by calendar.
 *
 * @module
 */
import { expect } from 'vitest';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';

/** Registers the lookup tests. */
export function registerLookupTests(harness: ConformanceHarness): void {
  harness.group('blockers', (test) => {
    test('listOverlapping returns the calendar’s blockers that overlap, of any resource or none, half-open', async (storage) => {
      const [org, calendarId, room] = [make.orgId(), make.id(), make.id()];
      const blocker = (from: number, to: number, overrides: Partial<ReturnType<typeof make.blocker>> = {}) =>
        make.blocker(org, {
          calendarId,
          resourceId: room,
          startDateTime: make.at(from),
          endDateTime: make.at(to),
          ...overrides,
        });
      const inside = blocker(60, 90);
      const wholeCalendar = blocker(0, 600, { resourceId: null });
      // An offset instead of Z: the same instant, compared as a time.
      const offset = blocker(100, 110, {
        startDateTime: make.at(100).replace('Z', '+00:00'),
        endDateTime: new Date(make.ms(110)).toISOString().replace('.000Z', '+00:00'),
      });
      const touchingBefore = blocker(0, 60);
      const touchingAfter = blocker(120, 180);
      const otherCalendar = blocker(60, 90, { calendarId: make.id() });
      const otherOrg = make.blocker(make.orgId(), {
        calendarId,
        startDateTime: make.at(60),
        endDateTime: make.at(90),
      });
      const all = [inside, wholeCalendar, offset, touchingBefore, touchingAfter, otherCalendar, otherOrg];
      await inTx(storage, async (tx) => {
        for (const record of all) await tx.blockers.create(record);
      });
      const found = await inTx(storage, (tx) =>
        tx.blockers.listOverlapping(org, calendarId, make.ms(60), make.ms(120)),
      );
      expect(found).toEqual([inside, wholeCalendar, offset]);
      expect(
        await inTx(storage, (tx) => tx.blockers.listOverlapping(org, calendarId, make.ms(600), make.ms(700))),
      ).toEqual([]);
    });
  });

  harness.group('resources', (test) => {
    test('listMapped returns the resources mapped to the calendar (and the type), archived too, each once, in creation order', async (storage) => {
      const [org, calendarId, otherCalendar, typeId] = [make.orgId(), make.id(), make.id(), make.id()];
      const [first, archived, offCalendar, last] = [
        make.resource(org, { name: 'First' }),
        make.resource(org, { name: 'Archived', archived: true }),
        make.resource(org, { name: 'Elsewhere' }),
        make.resource(org, { name: 'Last' }),
      ];
      const foreign = make.resource(make.orgId());
      const map = (resourceId: string, calendar = calendarId, organizationId = org) =>
        make.resourceCalendarMapping(organizationId, { resourceId, calendarId: calendar });
      const forType = (resourceId: string, organizationId = org) =>
        make.appointmentTypeResourceMapping(organizationId, { resourceId, appointmentTypeId: typeId });
      await inTx(storage, async (tx) => {
        for (const record of [first, archived, offCalendar, last, foreign]) await tx.resources.create(record);
        // Mapped in another order than created; the last one twice; one on the other calendar only;
        // one that names another organization's resource; another organization's mapping.
        for (const mapping of [
          map(last.id),
          map(first.id),
          map(archived.id),
          map(last.id),
          map(offCalendar.id, otherCalendar),
          map(foreign.id),
          map(first.id, calendarId, foreign.organizationId),
        ]) {
          await tx.resourceCalendarMappings.create(mapping);
        }
        // The type: the last one twice, one off the calendar, and another organization's mapping.
        for (const mapping of [
          forType(last.id),
          forType(archived.id),
          forType(last.id),
          forType(offCalendar.id),
          forType(first.id, foreign.organizationId),
        ]) {
          await tx.appointmentTypeResourceMappings.create(mapping);
        }
      });
      await inTx(storage, async (tx) => {
        const listed = (organizationId: string, to: { calendarId: string; appointmentTypeId?: string }) =>
          tx.resources.listMapped(organizationId, to);
        expect(await listed(org, { calendarId })).toEqual([first, archived, last]);
        expect(await listed(org, { calendarId, appointmentTypeId: typeId })).toEqual([archived, last]);
        expect(await listed(org, { calendarId: otherCalendar })).toEqual([offCalendar]);
        expect(await listed(org, { calendarId: otherCalendar, appointmentTypeId: make.id() })).toEqual([]);
        expect(await listed(org, { calendarId: make.id() })).toEqual([]);
        expect(await listed(foreign.organizationId, { calendarId })).toEqual([]);
        expect(await listed(foreign.organizationId, { calendarId, appointmentTypeId: typeId })).toEqual([]);
      });
    });
  });
}
