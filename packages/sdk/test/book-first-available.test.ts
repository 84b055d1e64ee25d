import { describe, expect, it } from 'vitest';
import { isAbortError, isSlotUnavailableError, type SlotUnavailableError } from '@leadbook/sdk';
import { MOCK_CLOSURE_DAYS, MOCK_IDS } from '@leadbook/sdk/testing';
import { inDays, useMockLeadbook } from './helpers';

const env = useMockLeadbook();
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

/** The coach (capacity 1) on the Berlin calendar: each slot holds one booking. */
const coachTrial = (fromDay: number) => ({
  calendarId: MOCK_IDS.calendarBerlin,
  appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
  resourceId: MOCK_IDS.resourceCoach,
  start: inDays(fromDay),
  end: inDays(fromDay + 4),
});

describe('bookFirstAvailable', () => {
  it('books the first available slot, linked to the lead', async () => {
    const client = env.client('write');
    const lead = await client.leads.create({
      tableId: MOCK_IDS.table,
      leadStateId: MOCK_IDS.leadStateNew,
      data: {},
    });
    const { data } = await client.availability.search({ ...coachTrial(10), onlyAvailable: true });
    const { booking, slot, attempts } = await client.bookFirstAvailable({
      ...coachTrial(10),
      entryId: lead.id,
    });
    expect(attempts).toBe(1);
    expect(slot).toEqual(data[0]);
    expect(booking).toMatchObject({
      startDateTime: slot.startDateTime,
      tableEntryId: lead.id,
      resourceId: MOCK_IDS.resourceCoach,
    });
  });

  it('under a forced race books the next slot', async () => {
    const client = env.client('write');
    const before = await client.availability.search({ ...coachTrial(20), onlyAvailable: true });
    env.mock.faults.nextBookingLosesRace();
    const { booking, slot, attempts } = await client.bookFirstAvailable(coachTrial(20));
    expect(attempts).toBe(2);
    // The first slot went to the competitor; the second candidate of a fresh search was booked.
    expect(slot.startDateTime).not.toBe(before.data[0]!.startDateTime);
    expect(booking.startDateTime).toBe(slot.startDateTime);
    const after = await client.availability.search(coachTrial(20));
    const first = after.data.find((s) => s.startDateTime === before.data[0]!.startDateTime);
    expect(first?.available).toBe(false);
  });

  it('after maxAttempts throws SlotUnavailableError with the tried slots', async () => {
    const client = env.client('write');
    env.mock.faults.nextBookingLosesRace({ times: 3 });
    const error = await failure(client.bookFirstAvailable({ ...coachTrial(30), maxAttempts: 3 }));
    expect(isSlotUnavailableError(error)).toBe(true);
    const race = error as SlotUnavailableError;
    expect(race).toMatchObject({ status: 400, reason: 'max_attempts' });
    expect(race.triedSlots).toHaveLength(3);
    expect(new Set(race.triedSlots.map((s) => s.startDateTime)).size).toBe(3);
    expect(race.requestId).toMatch(/^req_/);
    expect(race.message).toContain('tried 3 slots');
    expect(env.mock.faults.pending).toBe(0);
  });

  it('uses pick to choose among untried slots, and stops when it returns undefined', async () => {
    const client = env.client('write');
    const picked = await client.bookFirstAvailable({
      ...coachTrial(40),
      pick: (slots) => slots.find((s) => s.startDateTime.endsWith(':30:00.000Z')),
    });
    expect(picked.slot.startDateTime).toMatch(/:30:00\.000Z$/);

    const none = await failure(client.bookFirstAvailable({ ...coachTrial(40), pick: () => undefined }));
    expect(none).toMatchObject({ name: 'SlotUnavailableError', reason: 'no_slots', triedSlots: [] });
  });

  it('throws no_slots when nothing is available', async () => {
    const error = await failure(
      env.client('write').bookFirstAvailable({
        calendarId: MOCK_IDS.calendarBerlin,
        appointmentTypeId: MOCK_IDS.appointmentTypeTrial,
        // Inside the mock fixture's three-day closure of the Berlin calendar.
        start: inDays(MOCK_CLOSURE_DAYS.after + 1),
        end: inDays(MOCK_CLOSURE_DAYS.after + 2),
      }),
    );
    expect(error).toMatchObject({ reason: 'no_slots', requestId: undefined });
  });

  it('stops at the deadline and on abort', async () => {
    const client = env.client('write');
    const late = await failure(
      client.bookFirstAvailable({ ...coachTrial(50), deadline: new Date(Date.now() - 1) }),
    );
    expect(late).toMatchObject({ name: 'SlotUnavailableError', reason: 'deadline' });

    env.mock.faults.nextBookingLosesRace({ times: 5 });
    const raced = await failure(
      client.bookFirstAvailable({ ...coachTrial(50), deadline: 0, maxAttempts: 5 }),
    );
    expect(raced).toMatchObject({ reason: 'deadline', triedSlots: [] });
    env.mock.faults.clear();

    const controller = new AbortController();
    controller.abort();
    const aborted = await failure(
      client.bookFirstAvailable({ ...coachTrial(50), signal: controller.signal }),
    );
    expect(isAbortError(aborted)).toBe(true);
  });
});
