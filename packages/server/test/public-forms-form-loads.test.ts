/**
 * A public form request reads its form once: the route's guard loads it (for the 404 and the origin
 * check) and hands it to the handler, which does not load it again.
 */
import { STUDIO_IDS as ID, studioSubmission } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day } from '../../../test-support/time';
import { ADAPTERS, createHarness, type CallOptions, type Harness } from './harness';
import { countingStorage } from './storage-proxy';

// The coach in Berlin on Monday, 10:00 to 11:00 (held), and 11:00 to 12:00 (booked).
const SLOT = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T09:00:00.000Z`,
  endDateTime: `${day(1)}T10:00:00.000Z`,
};
const NEXT = { ...SLOT, startDateTime: `${day(1)}T10:00:00.000Z`, endDateTime: `${day(1)}T11:00:00.000Z` };
const SEARCH = new URLSearchParams({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  start: `${day(1)}T00:00:00Z`,
  end: `${day(3)}T00:00:00Z`,
});

// Each public endpoint, with a request it answers with success.
const REQUESTS: Array<[string, string, string, CallOptions, number]> = [
  ['availability', 'GET', 'availability', {}, 200],
  ['config', 'GET', 'config', {}, 200],
  ['calendars', 'GET', 'calendars', {}, 200],
  ['slots', 'GET', `slots?${SEARCH}`, {}, 200],
  ['appointment types', 'GET', `appointment-types?calendarId=${ID.calendarBerlin}`, {}, 200],
  ['hold', 'POST', 'holds', { body: SLOT }, 201],
  ['submit', 'POST', 'submit', { body: studioSubmission(NEXT) }, 200],
  ['telemetry', 'POST', 'telemetry', { body: { events: [{ name: 'view', step: 1 }] } }, 204],
];

describe.each(ADAPTERS)('form reads per public request through %s', (kind) => {
  let h: Harness;
  let calls: Map<string, number>;
  beforeAll(async () => {
    const counting = await countingStorage();
    calls = counting.calls;
    h = await createHarness(kind, { storage: counting.storage }, { fullStudio: true });
  });
  afterAll(() => h.close());

  /** How many times `forms.find` ran while `request` was answered, and its status. */
  async function formReads(method: string, endpoint: string, options: CallOptions) {
    const before = calls.get('forms.find') ?? 0;
    const res = await h.call(method, `/public/forms/${ID.form}/${endpoint}`, options);
    return { status: res.status, reads: (calls.get('forms.find') ?? 0) - before };
  }

  it.each(REQUESTS)('%s reads the form once', async (_name, method, endpoint, options, status) => {
    expect(await formReads(method, endpoint, options)).toEqual({ status, reads: 1 });
  });

  it('a body the route refuses still costs one read (the guard answers first)', async () => {
    expect(await formReads('POST', 'submit', { body: { nonsense: true } })).toEqual({
      status: 400,
      reads: 1,
    });
  });
});
