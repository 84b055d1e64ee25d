import { isRateLimitError, isSlotUnavailableError, type ConnectClient } from '@leadbook/sdk';

/** A trial request from the company website. */
export interface TrialRequest {
  name: string;
  email: string;
  calendarId: string;
  appointmentTypeId: string;
  /** The window the visitor picked. */
  from: Date;
  to: Date;
}

/** What the website tells the visitor. */
export type TrialOutcome =
  | { status: 'booked'; leadId: string; bookingId: string; startDateTime: string }
  | { status: 'no-slot'; leadId: string }
  | { status: 'retry-later'; retryAfterMs: number | undefined };

/**
 * An integrator's use case: put the visitor into the Lead Pool in its default state, then book the
 * first free trial slot for them. A lost slot race is handled by `bookFirstAvailable`; running out of
 * slots and being rate limited become outcomes the website can show; anything else is a bug or an
 * outage and is thrown.
 */
export async function requestTrial(
  client: ConnectClient,
  poolId: string,
  request: TrialRequest,
): Promise<TrialOutcome> {
  try {
    const pool = await client.tables.get(poolId);
    const initial = pool.leadStates.find((state) => state.default);
    if (!initial) throw new Error(`Lead Pool ${pool.name} has no default lead state`);
    const lead = await client.leads.create({
      tableId: pool.id,
      leadStateId: initial.id,
      data: { name: request.name, email: request.email, source: 'website' },
    });
    try {
      const { booking } = await client.bookFirstAvailable({
        calendarId: request.calendarId,
        appointmentTypeId: request.appointmentTypeId,
        start: request.from,
        end: request.to,
        entryId: lead.id,
        name: request.name,
      });
      return {
        status: 'booked',
        leadId: lead.id,
        bookingId: booking.id,
        startDateTime: booking.startDateTime,
      };
    } catch (error) {
      if (isSlotUnavailableError(error)) return { status: 'no-slot', leadId: lead.id };
      throw error;
    }
  } catch (error) {
    if (isRateLimitError(error)) return { status: 'retry-later', retryAfterMs: error.retryAfterMs };
    throw error;
  }
}
