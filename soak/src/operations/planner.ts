/**
 * The planner's operations: availability searches, bookings, holds and bookings of held places,
 * reschedules and deletes, all on full hours of a three-day range where they race for places.
 *
 * @module
 */
import type { SoakRequest } from '../client';
import { BOOKING_MINUTES, PLANNER_TOKEN } from '../fixture';
import {
  bearer,
  book,
  field,
  note,
  ok,
  remove,
  reschedule,
  withBooking,
  type Operation,
  type OperationContext,
} from './context';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A candidate of the planner: a full hour of the booking range in one room. Half of them fall in
 * six hot hours of the first day, so bookings, holds and submits race for the same places.
 */
export function candidate(ctx: OperationContext) {
  const { random, world, rangeStartMs, rangeDays } = ctx;
  const hour = random.chance(0.5) ? random.int(9, 14) : random.int(0, rangeDays * 24 - 1);
  const startMs = rangeStartMs + hour * HOUR_MS;
  const room = random.pick(Object.values(world.planner.resources));
  return {
    calendarId: world.planner.calendarId,
    appointmentTypeId: world.planner.appointmentTypeId,
    resourceId: room,
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + BOOKING_MINUTES * 60_000).toISOString(),
  };
}

/** Searches one day of the booking range. */
export const availability: Operation = async (ctx) => {
  const day = ctx.rangeStartMs + ctx.random.int(0, ctx.rangeDays - 1) * DAY_MS;
  const query = new URLSearchParams({
    calendarId: ctx.world.planner.calendarId,
    appointmentTypeId: ctx.world.planner.appointmentTypeId,
    start: new Date(day).toISOString(),
    end: new Date(day + DAY_MS).toISOString(),
  });
  const request: SoakRequest = {
    method: 'GET',
    path: `/connect/availability/?${query}`,
    headers: bearer(PLANNER_TOKEN),
  };
  note(ctx, 'availability', (await ctx.client.sendAny('availability', request, true)).response);
};

/** Books a candidate, linked to a lead one time in five. */
export const plannerBooking: Operation = async (ctx) => {
  const entryId = ctx.random.chance(0.2) ? ctx.ledger.someEntry((n) => ctx.random.int(0, n - 1)) : undefined;
  await book(ctx, 'book', PLANNER_TOKEN, { ...candidate(ctx), ...(entryId ? { entryId } : {}) });
};

/** Holds a candidate, then books it with the hold (or, one time in five, releases the hold). */
export const holdThenBook: Operation = async (ctx) => {
  const slot = candidate(ctx);
  const { response, instance } = await ctx.client.sendAny(
    'hold',
    {
      method: 'POST',
      path: '/connect/booking_holds/',
      headers: bearer(PLANNER_TOKEN),
      body: { ...slot, ttlSeconds: 60 },
    },
    false,
  );
  note(ctx, 'hold', response);
  if (!ok(response)) return;
  const holdId = field(response, 'id');
  if (ctx.random.chance(0.2)) {
    const release = {
      method: 'DELETE',
      path: `/connect/booking_holds/${holdId}`,
      headers: bearer(PLANNER_TOKEN),
    } as const;
    note(ctx, 'release hold', await ctx.client.send('release hold', instance, release));
    return;
  }
  await book(ctx, 'book held', PLANNER_TOKEN, { ...slot, holdId });
};

/** Moves a planner booking to another candidate. */
export const plannerReschedule: Operation = (ctx) =>
  withBooking(
    ctx,
    'planner',
    () => true,
    (id) => {
      const { resourceId, startDateTime, endDateTime } = candidate(ctx);
      return reschedule(ctx, 'reschedule', PLANNER_TOKEN, id, { resourceId, startDateTime, endDateTime });
    },
  );

/** Deletes a planner booking. */
export const plannerDelete: Operation = (ctx) =>
  withBooking(
    ctx,
    'planner',
    () => true,
    (id) => remove(ctx, 'delete', PLANNER_TOKEN, id),
  );
