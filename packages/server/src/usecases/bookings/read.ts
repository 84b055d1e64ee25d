/**
 * `GET /connect/calendar_bookings/:id`: a booking as it is now, its meeting fields included.
 *
 * @module
 */
import type { CalendarBooking } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { bookingResponse } from './response';

/** The booking as the create response shows it; 404 when it is not the organization's (or was deleted). */
export function getBooking(
  ctx: ServiceContext,
  organizationId: string,
  id: string,
): Promise<CalendarBooking> {
  return readTx(ctx, async (tx) => {
    const record = await tx.bookings.get(organizationId, id);
    if (!record) throw notFound('Booking');
    return bookingResponse(tx, record);
  });
}
