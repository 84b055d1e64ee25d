/**
 * The figures of the packages before issue 23 (main at 9044ef9: the SDK depending on
 * `@leadbook/contract` with zod types in its declarations and the OpenAPI builder's dependencies),
 * measured on the bench machine with the consumer below, and the goals.
 */

/**
 * Before issue 23. Times are wall-clock medians on the shared 2-core bench machine at a load average
 * near 8 (the issue reported 11.6 s and 2.7 s); the instantiation counts do not depend on load.
 */
export const BEFORE = {
  /** `node_modules` of a project that installed `@leadbook/sdk` (with contract, zod, OpenAPI deps). */
  installBytes: 7_178_947,
  /** `tsc` with `skipLibCheck: false`. */
  fullCheck: { ms: 6_505, instantiations: 211_598 },
  /** `tsc` with `skipLibCheck: true`. */
  skipLibCheck: { ms: 1_500, instantiations: 462 },
} as const;

/** The goals of issue 23. */
export const GOALS = { installBytes: 3_000_000, fullCheckMs: 3_000 } as const;

/** The floor: the same project and compiler options with a file that imports nothing. */
export const EMPTY_CONSUMER = 'export {};\n';

/** A one-file consumer of the SDK (what the "before" figures type-checked). */
export const CONSUMER = `
import { ConnectClient, type Calendar, type CalendarBooking, isSlotUnavailableError } from '@leadbook/sdk';

const client = new ConnectClient({ baseUrl: 'http://localhost:3000', apiToken: 'service_live_x' });

export async function main(): Promise<CalendarBooking | undefined> {
  const calendars: Calendar[] = await client.calendars.list();
  const calendar = calendars[0];
  if (!calendar) return undefined;
  const pool = await client.tables.get('t');
  const lead = await client.leads.create({ tableId: pool.id, leadStateId: 's', data: { firstName: 'Ada' } });
  const { data: slots } = await client.availability.search({
    calendarId: calendar.id, appointmentTypeId: 'a', start: new Date(), end: new Date(), onlyAvailable: true,
  });
  const slot = slots[0];
  if (!slot) return undefined;
  try {
    return await client.bookings.create({
      calendarId: calendar.id, appointmentTypeId: 'a', resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime, entryId: lead.id,
    });
  } catch (error) {
    if (isSlotUnavailableError(error)) return undefined;
    throw error;
  }
}
`;
