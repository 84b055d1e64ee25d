/**
 * Replaying a persisted sql.js file's log gives the same database as the live one: after a long
 * mixed workload through the service (leads, patches, bookings, deletions, form submissions,
 * ingress, telemetry), with snapshots taken along the way, the database that opens from what is on
 * disk equals the one in memory, row for row, in every table.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../../../test-support/random';
import { createSqlJsStorage } from '@leadbook/server';
import { createHarness } from './harness';
import { copyAsCrashed, dumpTables as dump } from './support/table-dump';
import { day } from '../../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { FORMS, goodSubmission } from './studio';

const dir = mkdtempSync(join(tmpdir(), 'leadbook-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replaying the write-ahead log of a persisted sql.js file', () => {
  it(
    'gives the live database after a long mixed workload with snapshots along the way',
    { timeout: 60_000 },
    async () => {
      const file = join(dir, 'live.sqlite');
      const storage = await createSqlJsStorage({ file, snapshotAfterBytes: 64 * 1024 });
      const h = await createHarness('fetch', {
        storage,
        rateLimit: { enabled: false },
        captcha: { verify: async () => true },
      });
      await h.service.admin.forms.create(ID.organization, FORMS.guarded);
      const ingress = await h.service.admin.ingressWebhooks.create(ID.organization, {
        tableId: ID.table,
        name: 'Replay',
      });
      const random = new Random(20261125);
      const next = () => random.next();
      const pick = <T>(items: readonly T[]): T => random.pick(items);
      // A Monday of the next four weeks, at one of the coach's candidate quarters (08:00-10:00 UTC).
      const mondaySlot = () => {
        const start =
          Date.parse(`${day(1 + 7 * Math.floor(next() * 4))}T08:00:00Z`) +
          15 * 60_000 * Math.floor(next() * 9);
        return [new Date(start).toISOString(), new Date(start + 3_600_000).toISOString()] as const;
      };
      const leads: string[] = [];
      const bookings: string[] = [];
      const statuses = new Map<string, number>();
      const count = (what: string, status: number) =>
        statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);

      for (let step = 0; step < 600; step++) {
        const kind = pick([
          'lead',
          'lead',
          'patch',
          'booking',
          'delete',
          'submit',
          'ingress',
          'telemetry',
        ] as const);
        if (kind === 'lead') {
          const res = await h.call('POST', '/connect/table_entries/', {
            token: TOKEN.write,
            body: {
              tableId: ID.table,
              leadStateId: pick([ID.leadStateNew, ID.leadStateContacted]),
              data: {
                name: `Lead ${step}`,
                [`key${Math.floor(next() * 30)}`]: pick(['x', 1, true, ['a', 'b']]),
              },
              customFieldData:
                next() < 0.5 ? { [ID.customFieldBudget]: Math.floor(next() * 1000) } : undefined,
            },
          });
          count(kind, res.status);
          if (res.status === 201) leads.push(res.json.id);
        } else if (kind === 'patch' && leads.length > 0) {
          const res = await h.call('PATCH', `/connect/table_entries/${pick(leads)}`, {
            token: TOKEN.write,
            body: {
              data: { name: next() < 0.2 ? null : `Renamed ${step}`, nested: { step } },
              leadStateId: pick([ID.leadStateNew, ID.leadStateWon]),
            },
          });
          count(kind, res.status);
        } else if (kind === 'booking') {
          const [startDateTime, endDateTime] = mondaySlot();
          const res = await h.call('POST', '/connect/calendar_bookings/', {
            token: TOKEN.write,
            body: {
              calendarId: ID.calendarBerlin,
              appointmentTypeId: ID.appointmentTypeTrial,
              resourceId: ID.resourceCoach,
              startDateTime,
              endDateTime,
              ...(leads.length > 0 && next() < 0.5 ? { entryId: pick(leads) } : {}),
            },
          });
          count(kind, res.status);
          if (res.status === 201) bookings.push(res.json.id);
        } else if (kind === 'delete' && bookings.length > 0) {
          const id = bookings.splice(Math.floor(next() * bookings.length), 1)[0]!;
          count(
            kind,
            (await h.call('DELETE', `/connect/calendar_bookings/${id}`, { token: TOKEN.admin })).status,
          );
        } else if (kind === 'submit') {
          const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
            body: goodSubmission(...mondaySlot()),
            headers: { origin: 'https://www.example.com' },
          });
          count(kind, res.status);
        } else if (kind === 'ingress') {
          const res = await h.call('POST', `/public/ingress_webhooks/${ingress.id}`, {
            body: { data: { email: `i${step}@example.com`, tags: ['a', String(step)], age: step } },
            headers: { 'x-service-ingress-token': ingress.token },
          });
          count(kind, res.status);
        } else if (kind === 'telemetry') {
          const res = await h.call('POST', `/public/forms/${ID.formGuarded}/telemetry`, {
            body: { events: [{ name: 'step', step }] },
            headers: { origin: 'https://www.example.com' },
          });
          count(kind, res.status);
        }
      }
      // The workload wrote, was refused sometimes, and the log was snapshotted along the way.
      expect(statuses.get('lead 201')).toBeGreaterThan(50);
      expect(statuses.get('submit 200')).toBeGreaterThan(5);
      expect(statuses.get('booking 400')).toBeGreaterThan(5);
      expect(storage.logBatchSizes().length).toBeGreaterThan(300);

      const live = await dump(storage.exportBytes());
      // Snapshots were taken during the workload: the file alone already holds leads, not all of them.
      const snapshotOnly = await dump(readFileSync(file));
      expect(snapshotOnly['table_entries']!.length).toBeGreaterThan(0);
      expect(snapshotOnly['table_entries']!.length).toBeLessThan(live['table_entries']!.length);
      // What a crash now would leave: the snapshot and the log.
      const copy = join(dir, 'copy.sqlite');
      copyAsCrashed(file, copy);
      const recovered = await createSqlJsStorage({
        file: copy,
        logger: { warn: console.warn, error: console.error },
      });
      const replayed = await dump(recovered.exportBytes());
      await recovered.close();
      expect(Object.keys(replayed)).toEqual(Object.keys(live));
      for (const table of Object.keys(live))
        expect({ table, rows: replayed[table] }).toEqual({ table, rows: live[table] });
      await h.close();
    },
  );
});
