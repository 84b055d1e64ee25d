/**
 * Near bookings on the legacy desk: seconds ahead, so their `hasStarted` and `hasEnded` fall due
 * during the run; some are moved or deleted before they start.
 *
 * @module
 */
import { LEGACY_TOKEN } from '../fixture';
import { book, remove, reschedule, withBooking, type Operation, type OperationContext } from './context';

/** A near interval: starting 2 to 8 seconds from now, lasting 1 to 6 seconds. */
function nearInterval(ctx: OperationContext) {
  const startMs = Date.now() + ctx.random.int(2_000, 8_000);
  return {
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + ctx.random.int(1_000, 6_000)).toISOString(),
  };
}

/** Books a near interval. */
export const nearBooking: Operation = async (ctx) => {
  await book(ctx, 'near book', LEGACY_TOKEN, {
    calendarId: ctx.world.legacy.calendarId,
    ...nearInterval(ctx),
  });
};

/** Moves a near booking that has not started to another near interval, or deletes it. */
export const nearChange: Operation = (ctx) =>
  withBooking(
    ctx,
    'near',
    // Only bookings that have not started (by a margin): a started one cannot be moved.
    (booking) => booking.startMs > Date.now() + 1_500,
    (id) =>
      ctx.random.chance(0.5)
        ? remove(ctx, 'near delete', LEGACY_TOKEN, id)
        : reschedule(ctx, 'near reschedule', LEGACY_TOKEN, id, nearInterval(ctx)),
  );
