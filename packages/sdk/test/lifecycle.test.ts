/**
 * Holds and reschedules through the SDK, against the msw mock (a real in-memory service): the
 * Connect client's `holds` and `bookings.reschedule`, and `PublicFormClient.hold()` then `submit`
 * with the hold's id.
 */
import { describe, expect, it } from 'vitest';
import { isSlotUnavailableError, PublicFormClient, type SubmitBody } from '@leadbook/sdk';
import { MOCK_IDS } from '@leadbook/sdk/testing';
import { studioSubmission } from '@leadbook/server/studio';
import { inDays } from '../../../test-support/time';
import { useMockLeadbook } from './helpers';

const env = useMockLeadbook();

// The coach (capacity 1) on Berlin: 08:00Z to 11:00Z on the days after the test epoch.
const coach = (days: number, hour: number) => {
  const start = Date.parse(
    inDays(days).toISOString().slice(0, 10) + `T${String(hour).padStart(2, '0')}:00:00Z`,
  );
  return {
    calendarId: MOCK_IDS.calendarBerlin,
    appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
    resourceId: MOCK_IDS.resourceCoach,
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 3_600_000).toISOString(),
  };
};

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );

describe('holds and reschedules through the SDK', () => {
  it('ConnectClient: a hold keeps the place, the booking with its holdId takes it, release frees another', async () => {
    const client = env.client('write');
    const hold = await client.holds.create(coach(1, 8));
    expect(hold).toMatchObject({
      resourceId: MOCK_IDS.resourceCoach,
      startDateTime: coach(1, 8).startDateTime,
    });
    expect(isSlotUnavailableError(await rejection(client.bookings.create(coach(1, 8))))).toBe(true);
    const booking = await client.bookings.create({ ...coach(1, 8), holdId: hold.id });
    expect(booking.startDateTime).toBe(coach(1, 8).startDateTime);
    const other = await client.holds.create(coach(1, 9));
    await client.holds.release(other.id);
    expect((await client.bookings.create(coach(1, 9))).resourceId).toBe(MOCK_IDS.resourceCoach);
  });

  it('ConnectClient: bookings.reschedule moves a booking; a full target throws SlotUnavailableError and keeps it', async () => {
    const client = env.client('write');
    const booking = await client.bookings.create(coach(2, 8));
    const target = coach(2, 10);
    const moved = await client.bookings.reschedule(booking.id, {
      startDateTime: target.startDateTime,
      endDateTime: target.endDateTime,
    });
    expect(moved).toMatchObject({ id: booking.id, startDateTime: target.startDateTime });
    await client.bookings.create(coach(2, 9));
    const refused = await rejection(
      client.bookings.reschedule(booking.id, {
        startDateTime: coach(2, 9).startDateTime,
        endDateTime: coach(2, 9).endDateTime,
      }),
    );
    expect(isSlotUnavailableError(refused)).toBe(true);
    expect((await client.bookings.get(booking.id)).startDateTime).toBe(target.startDateTime);
  });

  it('PublicFormClient.hold() holds the picked slot, and submit with its holdId books it', async () => {
    const form = new PublicFormClient({ baseUrl: env.mock.baseUrl, formId: MOCK_IDS.form });
    const slot = coach(3, 8);
    const hold = await form.hold({
      calendarId: slot.calendarId,
      appointmentTypeId: slot.appointmentTypeId,
      startDateTime: slot.startDateTime,
      endDateTime: slot.endDateTime,
    });
    expect(hold.resourceId).toBe(MOCK_IDS.resourceCoach);
    const connect = env.client('write');
    expect(isSlotUnavailableError(await rejection(connect.bookings.create(slot)))).toBe(true);
    const { data, bookingSlot } = studioSubmission(slot);
    const { submissionId } = await form.submit({
      data: data as SubmitBody['data'],
      bookingSlot,
      holdId: hold.id,
    });
    expect(submissionId).toEqual(expect.any(String));
  });
});
