/**
 * Booking notifications across two service instances in separate processes on one PostgreSQL
 * database (the pg-boss scheduler): each message is sent once, and a message in flight when its
 * instance is killed is sent by the instance started after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killInstance, stopAll } from '../../../test-support/processes';
import { lazily, openServer, SERVER_URL } from './support/databases';
import { startPgInstance } from './support/instances';
import { plannerBooking, tomorrowAtFullHour, type Scenario } from './support/scenario';
import { bookOn as book, reported, shareDatabase, sleep } from './support/two-instances';

const server = lazily(() => openServer(SERVER_URL!));
const HOUR = 3_600_000;

describe.skipIf(!SERVER_URL)('booking notifications across instances', () => {
  let scenario: Scenario;
  let leadId: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const db = await server.get();
    ({ scenario, env } = await shareDatabase(db, 'notify', {
      configure: async (service, seeded) => {
        const { organizationId, appointmentTypeId, tableId, leadStateId } = seeded.planner;
        await service.admin.appointmentTypes.setNotifications(organizationId, appointmentTypeId, {
          from: { email: 'bookings@studio.test' },
        });
        leadId = (
          await service.admin.entries.create(organizationId, {
            tableId,
            leadStateId,
            data: { email: 'ada@lead.test' },
          })
        ).id;
      },
    }));
  }, 60_000);

  afterAll(async () => {
    await stopAll();
    await server.close();
  });

  it('12 bookings split across two instances: 12 confirmations, each sent once', async () => {
    const instances = await Promise.all([
      startPgInstance({ ...env, LEADBOOK_NOTIFY: 'on' }),
      startPgInstance({ ...env, LEADBOOK_NOTIFY: 'on' }),
    ]);
    const base = tomorrowAtFullHour() + 24 * HOUR;
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        book(instances[i % 2]!.url, { ...plannerBooking(scenario, base + (i % 2) * HOUR), entryId: leadId }),
      ),
    );
    const expected = ids.map((id) => `confirmation.${id}.0@leadbook.events`).sort();
    const deadline = Date.now() + 15_000;
    while (reported(instances, 'notificationSent').length < ids.length && Date.now() < deadline)
      await sleep(100);
    // Time for a second send of any of them to show.
    await sleep(1_500);
    expect(reported(instances, 'notificationSent').sort()).toEqual(expected);
    await stopAll();
  }, 60_000);

  it('a confirmation in flight when its instance is killed is sent once by the next instance', async () => {
    // The send's lease (the message again, should its instance die) is due twice this after it began.
    const expiring = { ...env, LEADBOOK_JOB_EXPIRE_SECONDS: '3', LEADBOOK_NOTIFY_TIMEOUT_MS: '2000' };
    const first = await startPgInstance({ ...expiring, LEADBOOK_NOTIFY: 'hang' });
    const id = await book(first.url, {
      ...plannerBooking(scenario, tomorrowAtFullHour() + 72 * HOUR),
      entryId: leadId,
    });
    const messageId = `confirmation.${id}.0@leadbook.events`;
    while (!reported([first], 'notificationSending').includes(messageId)) await sleep(50);
    await killInstance(first);

    const next = await startPgInstance({ ...expiring, LEADBOOK_NOTIFY: 'on' });
    const deadline = Date.now() + 30_000;
    while (!reported([next], 'notificationSent').includes(messageId) && Date.now() < deadline)
      await sleep(100);
    await sleep(1_500);
    expect(reported([next], 'notificationSent')).toEqual([messageId]);
  }, 90_000);
});
