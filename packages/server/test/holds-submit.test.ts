/**
 * What a public submit does with the `holdId` it names, compared with a Connect booking: the same
 * check decides both (an active hold of the organization on another slot is a 400; an unknown or
 * expired id, or another organization's hold, is ignored; the id is the credential).
 */
import { ErrorMessages } from '@leadbook/contract';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioSubmission } from '@leadbook/server/studio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@leadbook/server';
import { day, NOW } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

// The coach (capacity 1) in Berlin on Monday: slot A at 10:00, slot C at 11:00.
const A = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T09:00:00.000Z`,
  endDateTime: `${day(1)}T10:00:00.000Z`,
};
const C = { ...A, startDateTime: `${day(1)}T10:00:00.000Z`, endDateTime: `${day(1)}T11:00:00.000Z` };
const VISITOR = '198.51.100.7';
const mismatch = {
  statusCode: 400,
  message: ErrorMessages.holdMismatch,
  details: [{ path: 'holdId', message: ErrorMessages.holdMismatch }],
};

describe('submit with a holdId', () => {
  let h: Harness;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = createManualClock(NOW);
    h = await createHarness('fetch', { clock }, { fullStudio: true });
  });
  afterEach(() => h.close());

  const hold = (body: object, formId: string = ID.form) =>
    h.call('POST', `/public/forms/${formId}/holds`, { body, clientIp: VISITOR });
  const submit = (body: object, clientIp = VISITOR) =>
    h.call('POST', `/public/forms/${ID.form}/submit`, { body, clientIp });
  const stored = () =>
    h.service.storage.transaction(async (tx) => ({
      bookings: (await tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin)).length,
      submissions: (await tx.formSubmissions.list(ID.organization)).length,
      leads: (await tx.entries.list(ID.organization, { tableId: ID.table })).length,
    }));
  const holdExists = (id: string, org = ID.organization) =>
    h.service.storage.transaction(async (tx) => (await tx.holds.get(org, id)) !== null);

  it('a hold of slot A named by a submit of slot C is 400 holdMismatch, as on Connect; nothing is written', async () => {
    const held = await hold(A);
    expect(held.status).toBe(201);
    const before = await stored();
    // With the resource named, and without it (the service picks): the hold is on another interval.
    for (const slot of [C, { ...C, resourceId: undefined }]) {
      const res = await submit({ ...studioSubmission(slot), holdId: held.json.id });
      expect([res.status, res.json]).toEqual([400, mismatch]);
    }
    const connect = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: { ...C, holdId: held.json.id },
    });
    expect([connect.status, connect.json.message]).toEqual([400, ErrorMessages.holdMismatch]);
    expect(await stored()).toEqual(before);
    // The hold still keeps A for the visitor, whose submit of A then uses it.
    expect(await holdExists(held.json.id)).toBe(true);
    expect((await submit({ ...studioSubmission(A), holdId: held.json.id })).status).toBe(200);
    expect(await holdExists(held.json.id)).toBe(false);
  });

  it('a hold of the same interval on another resource than the one named is a mismatch too', async () => {
    // The studio room takes trial sessions 14:00-18:00 Berlin; the coach does not work then.
    const room = {
      ...A,
      resourceId: ID.resourceRoom,
      startDateTime: `${day(1)}T13:00:00.000Z`,
      endDateTime: `${day(1)}T14:00:00.000Z`,
    };
    const held = await hold(room);
    expect(held.status).toBe(201);
    const res = await submit({
      ...studioSubmission({ ...room, resourceId: ID.resourceCoach }),
      holdId: held.json.id,
    });
    expect([res.status, res.json.message]).toEqual([400, ErrorMessages.holdMismatch]);
  });

  it('an unknown id and another organization’s hold are ignored: an ordinary submit that needs a free place', async () => {
    const unknown = await submit({ ...studioSubmission(A), holdId: '00000000-0000-4000-8000-00000000abcd' });
    expect(unknown.status).toBe(200);
    // Monday 10:00 in Kolkata: the other organization's room, held with its own token.
    const foreign = await h.call('POST', '/connect/booking_holds/', {
      token: TOKEN.other,
      body: {
        calendarId: ID.otherCalendar,
        appointmentTypeId: ID.otherAppointmentType,
        resourceId: ID.otherResource,
        startDateTime: `${day(1)}T04:30:00.000Z`,
        endDateTime: `${day(1)}T05:00:00.000Z`,
      },
    });
    expect(foreign.status).toBe(201);
    const res = await submit({ ...studioSubmission(C), holdId: foreign.json.id });
    expect(res.status).toBe(200);
    expect(await holdExists(foreign.json.id, ID.otherOrganization)).toBe(true);
  });

  it('an expired hold of another slot is ignored, as on Connect', async () => {
    const held = await hold({ ...A, ttlSeconds: 60 });
    clock.set(NOW + 60_000);
    expect((await submit({ ...studioSubmission(C), holdId: held.json.id })).status).toBe(200);
  });

  it('the id is the credential: another client, or another form of the organization, may use the hold', async () => {
    await h.service.admin.forms.create(ID.organization, {
      id: '0a000000-0000-4000-8000-0000000000f1',
      name: 'Second booking page',
      published: true,
      tableId: ID.table,
      studios: [{ id: 'main', name: 'Main', calendarIds: [ID.calendarBerlin] }],
      fields: [
        { id: '0b000000-0000-4000-8000-0000000000f1', type: 'email', label: 'Email', required: true },
        {
          id: '0b000000-0000-4000-8000-0000000000f2',
          type: 'booking-calendar',
          label: 'Time',
          bookingConfig: { searchDays: 14 },
          allowedAppointmentTypes: [ID.appointmentTypeTrial],
        },
      ],
    });
    const held = await hold(A, '0a000000-0000-4000-8000-0000000000f1');
    expect(held.status).toBe(201);
    const res = await submit({ ...studioSubmission(A), holdId: held.json.id }, '198.51.100.99');
    expect(res.status).toBe(200);
    expect(await holdExists(held.json.id)).toBe(false);
  });
});
