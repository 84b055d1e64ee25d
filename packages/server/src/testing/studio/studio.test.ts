import { describe, expect, it } from 'vitest';
import { checkedSend } from '../../../../../test-support/openapi';
import { createConnectService, createManualClock, type ConnectService } from '../../index';
import { seedStudio, STUDIO_CLOSURE_DAYS, STUDIO_IDS, STUDIO_TOKENS, studioFixture } from './index';

const HOUR = 3_600_000;
const get = async (service: ConnectService, path: string, token?: string) => {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const send = checkedSend((request) => service.fetch(request));
  const response = await send(new Request(`https://studio.test${path}`, { headers }));
  return { status: response.status, json: await response.json() };
};

describe('the studio', () => {
  // Integrators' suites run on the real clock: whatever the date and the hour, the default form
  // offers a trial session on each calendar within a day. Dates around both zones' DST changes.
  it.each([
    '2024-01-07T12:00:00Z',
    '2024-03-09T00:00:00Z',
    '2024-03-30T00:00:00Z',
    '2024-06-21T00:00:00Z',
    '2024-10-26T00:00:00Z',
    '2024-11-02T00:00:00Z',
    '2026-12-31T00:00:00Z',
  ])('offers a free trial session on each calendar within a day of every hour after %s', async (at) => {
    const clock = createManualClock(at);
    const service = await createConnectService({ clock, rateLimit: { enabled: false } });
    await seedStudio(service, { now: clock.now() });
    try {
      for (let hour = 0; hour < 48; hour++) {
        const start = clock.now() + hour * HOUR;
        for (const calendarId of [STUDIO_IDS.calendarBerlin, STUDIO_IDS.calendarNewYork]) {
          const query = new URLSearchParams({
            calendarId,
            appointmentTypeId: STUDIO_IDS.appointmentTypeTrial,
            start: new Date(start).toISOString(),
            end: new Date(start + 24 * HOUR).toISOString(),
          });
          const { json } = await get(service, `/public/forms/${STUDIO_IDS.form}/slots?${query}`);
          const free = (json.data as Array<{ available: boolean }>).filter((slot) => slot.available);
          expect([new Date(start).toISOString(), calendarId, free.length > 0]).toEqual([
            new Date(start).toISOString(),
            calendarId,
            true,
          ]);
        }
      }
    } finally {
      await service.close();
    }
  });

  it('closes Berlin from 00:00 UTC ten days after the day of `now`, for three days', () => {
    const [studio, other] = studioFixture({ now: Date.parse('2031-05-05T23:59:00Z') }).organizations;
    const closure = { startDateTime: '2031-05-15T00:00:00.000Z', endDateTime: '2031-05-18T00:00:00.000Z' };
    expect(STUDIO_CLOSURE_DAYS).toEqual({ after: 10, length: 3 });
    expect(studio!.blockers).toEqual([expect.objectContaining({ calendarId: 'Berlin', ...closure })]);
    expect(other!.blockers).toEqual([expect.objectContaining(closure)]);
  });

  it('seeds fresh studios beside the fixed one, each reached only with its own tokens', async () => {
    const service = await createConnectService({ clock: createManualClock('2030-01-07T12:00:00Z') });
    try {
      const fixed = await seedStudio(service);
      const first = await seedStudio(service, { fresh: true });
      const second = await seedStudio(service, { fresh: true });
      expect(fixed.tokens).toEqual(STUDIO_TOKENS);
      expect(new Set([fixed, first, second].map((studio) => studio.ids.calendarBerlin)).size).toBe(3);
      expect(first.tokens.read).not.toBe(second.tokens.read);
      for (const { ids, tokens } of [fixed, first, second]) {
        const calendars = await get(service, '/connect/calendar/', tokens.read);
        expect(calendars.json.map((c: { id: string }) => c.id)).toEqual([
          ids.calendarBerlin,
          ids.calendarNewYork,
        ]);
        expect((await get(service, `/public/forms/${ids.form}/availability`)).status).toBe(200);
        const other = await get(service, `/connect/tables/${ids.otherTable}`, tokens.other);
        expect(other.status).toBe(200);
        expect((await get(service, `/connect/tables/${ids.otherTable}`, tokens.read)).status).toBe(404);
      }
    } finally {
      await service.close();
    }
  });
});
