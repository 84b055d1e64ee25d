import { randomBytes } from 'node:crypto';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { afterEach, describe, expect, it } from 'vitest';
import {
  at,
  availability,
  calendar,
  calendarOptions,
  closeCalendarStudio,
  ms,
  openHarness,
  PASSWORD,
  startCalendarStudio,
} from './support/external-calendars';
import { leaksOf } from './support/log-scan';

afterEach(closeCalendarStudio);

describe('external calendar links through the console API', () => {
  it('bounds links per resource, one receiving calendar, known providers and resources', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) calendar(name);
    const { link, harness } = await startCalendarStudio();
    await link('a', { receivesBookings: true });
    await expect(link('b', { receivesBookings: true })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/receives its bookings already/),
    });
    for (const name of ['b', 'c', 'd', 'e']) await link(name);
    await expect(link('f')).rejects.toMatchObject({ message: expect.stringMatching(/at most 5/) });
    await expect(link('a', { provider: 'google' })).rejects.toMatchObject({
      message: expect.stringMatching(/no external calendar provider "google"/),
    });
    await expect(link('nobody')).rejects.toMatchObject({
      message: expect.stringMatching(/connection: no calendar named nobody/),
    });
    await expect(link('a', { resourceId: ID.otherResource })).rejects.toMatchObject({ status: 404 });
    await expect(
      harness.service.admin.externalCalendars.unlink(ID.organization, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ status: 404 });
    expect(
      await harness.service.admin.externalCalendars.list(ID.organization, { resourceId: ID.resourceRoom }),
    ).toEqual([]);
  });

  it('key rotation: old links still read, reseal moves them to the new key, then the old key can go', async () => {
    const work = calendar('work');
    work.addEvent({ startMs: ms('08:00'), endMs: ms('09:00') });
    const oldKey = randomBytes(32);
    const first = await startCalendarStudio({ encryptionKeys: [{ id: 'old', key: oldKey }] });
    const created = await first.link('work');
    const storage = first.harness.service.storage;
    const stored = await storage.transaction((tx) =>
      tx.externalCalendarLinks.get(ID.organization, created.id),
    );
    await first.harness.close();
    // A second service on the same data, with a new key first and the old one kept for reading.
    const newKey = randomBytes(32);
    let h = await openHarness({
      ...calendarOptions({
        encryptionKeys: [
          { id: 'new', key: newKey },
          { id: 'old', key: oldKey },
        ],
      }).service,
    });
    await h.service.storage.transaction((tx) => tx.externalCalendarLinks.create(stored!));
    const admin = h.service.admin.externalCalendars;
    expect((await admin.list(ID.organization))[0]!.encryptionKeyId).toBe('old');
    const first8 = (res: { json: { data: Array<{ startDateTime: string; available: boolean }> } }) =>
      res.json.data.find((slot) => slot.startDateTime === at('08:00'))!.available;
    expect(first8(await availability(h, { resourceId: ID.resourceCoach }))).toBe(false);
    expect(await admin.reseal(ID.organization)).toBe(1);
    expect(await admin.reseal(ID.organization)).toBe(0);
    expect((await admin.list(ID.organization))[0]!.encryptionKeyId).toBe('new');
    const resealed = await h.service.storage.transaction((tx) =>
      tx.externalCalendarLinks.get(ID.organization, created.id),
    );
    await h.close();
    // A service that no longer has the old key reads the resealed link.
    h = await openHarness(calendarOptions({ encryptionKeys: [{ id: 'new', key: newKey }] }).service);
    await h.service.storage.transaction((tx) => tx.externalCalendarLinks.create(resealed!));
    expect(first8(await availability(h, { resourceId: ID.resourceCoach }))).toBe(false);
  });
});

describe('the log scan', () => {
  it('flags a logged Basic Authorization header of a calendar', () => {
    const header = `Basic ${Buffer.from(`coach:${PASSWORD}`).toString('base64')}`;
    expect(
      leaksOf({ level: 'warn', message: 'CalDAV failed', fields: { headers: { authorization: header } } }),
    ).toEqual(['a Basic Authorization value']);
    expect(leaksOf({ level: 'info', message: 'basic authentication is configured', fields: {} })).toEqual([]);
  });
});
