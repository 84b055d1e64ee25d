/**
 * Conformance tests of the activity log, scheduled jobs and idempotent answers.
 *
 * @module
 */
import { expect } from 'vitest';
import { ServiceEventSchema } from '@leadbook/contract';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';

/** Registers the activity, job and idempotency tests. */
export function registerSystemTests(harness: ConformanceHarness): void {
  harness.group('activity', (test) => {
    test('list returns appended events newest first', async (storage) => {
      const org = make.orgId();
      const events = [
        make.activity(org),
        make.activity(org, 'calendar.appointment.booked'),
        make.activity(org),
      ];
      await inTx(storage, async (tx) => {
        for (const event of events) await tx.activity.append(event);
        await tx.activity.append(make.activity(make.orgId()));
      });
      const listed = await inTx(storage, (tx) => tx.activity.list(org));
      expect(listed).toEqual([...events].reverse());
      for (const event of listed) expect(() => ServiceEventSchema.parse(event)).not.toThrow();
    });

    test('list honours limit and type, together too', async (storage) => {
      const org = make.orgId();
      const [e1, b1, e2, b2, e3] = [
        make.activity(org),
        make.activity(org, 'calendar.appointment.booked'),
        make.activity(org),
        make.activity(org, 'calendar.appointment.booked'),
        make.activity(org),
      ];
      await inTx(storage, async (tx) => {
        for (const event of [e1, b1, e2, b2, e3]) await tx.activity.append(event);
      });
      await inTx(storage, async (tx) => {
        expect(await tx.activity.list(org, { limit: 2 })).toEqual([e3, b2]);
        expect(await tx.activity.list(org, { type: 'calendar.appointment.booked' })).toEqual([b2, b1]);
        expect(await tx.activity.list(org, { type: 'table.entry.added', limit: 2 })).toEqual([e3, e2]);
        expect(await tx.activity.list(org, { type: 'calendar.appointment.deleted' })).toEqual([]);
      });
    });

    test('another organization sees none of the events', async (storage) => {
      await inTx(storage, (tx) => tx.activity.append(make.activity(make.orgId())));
      expect(await inTx(storage, (tx) => tx.activity.list(make.orgId()))).toEqual([]);
    });
  });

  harness.group('jobs', (test) => {
    test('upsert then get returns the job; unknown keys return null', async (storage) => {
      const record = make.job('booking:1:hasStarted', make.ms(10));
      await inTx(storage, (tx) => tx.jobs.upsert(record));
      await inTx(storage, async (tx) => {
        expect(await tx.jobs.get(record.key)).toEqual(record);
        expect(await tx.jobs.get('no-such-key')).toBeNull();
      });
    });

    test('upsert replaces the job with the same key', async (storage) => {
      const first = make.job('booking:2:hasEnded', make.ms(10));
      const second = make.job(first.key, make.ms(20), { payload: { replaced: true } });
      await inTx(storage, (tx) => tx.jobs.upsert(first));
      await inTx(storage, (tx) => tx.jobs.upsert(second));
      await inTx(storage, async (tx) => {
        expect(await tx.jobs.get(first.key)).toEqual(second);
        expect(await tx.jobs.listDue(make.ms(100), 10)).toEqual([second]);
      });
    });

    test('listDue returns due jobs earliest first, at most limit', async (storage) => {
      const [late, due, early, future] = [
        make.job('c', make.ms(30)),
        make.job('a', make.ms(20)),
        make.job('b', make.ms(10)),
        make.job('d', make.ms(31)),
      ];
      await inTx(storage, async (tx) => {
        for (const record of [late, due, early, future]) await tx.jobs.upsert(record);
      });
      await inTx(storage, async (tx) => {
        expect(await tx.jobs.listDue(make.ms(30), 10)).toEqual([early, due, late]);
        expect(await tx.jobs.listDue(make.ms(30), 2)).toEqual([early, due]);
        expect(await tx.jobs.listDue(make.ms(9), 10)).toEqual([]);
      });
    });

    test('nextRunAt is the earliest runAt, or null without jobs', async (storage) => {
      expect(await inTx(storage, (tx) => tx.jobs.nextRunAt())).toBeNull();
      await inTx(storage, async (tx) => {
        await tx.jobs.upsert(make.job('x', make.ms(50)));
        await tx.jobs.upsert(make.job('y', make.ms(5)));
      });
      expect(await inTx(storage, (tx) => tx.jobs.nextRunAt())).toBe(make.ms(5));
    });

    test('delete removes the job and returns true, then false', async (storage) => {
      const record = make.job('to-delete', make.ms(1));
      await inTx(storage, (tx) => tx.jobs.upsert(record));
      await inTx(storage, async (tx) => {
        expect(await tx.jobs.delete(record.key)).toBe(true);
        expect(await tx.jobs.get(record.key)).toBeNull();
        expect(await tx.jobs.delete(record.key)).toBe(false);
        expect(await tx.jobs.nextRunAt()).toBeNull();
      });
    });
  });

  harness.group('idempotency', (test) => {
    test('save then get returns the stored answer; unknown keys return null', async (storage) => {
      const record = make.idempotency(make.orgId());
      await inTx(storage, (tx) => tx.idempotency.save(record));
      await inTx(storage, async (tx) => {
        expect(await tx.idempotency.get(record.organizationId, record.scope, record.key)).toEqual(record);
        expect(await tx.idempotency.get(record.organizationId, record.scope, make.id())).toBeNull();
      });
    });

    test('answers are keyed by organization, scope and key', async (storage) => {
      const record = make.idempotency(make.orgId());
      await inTx(storage, (tx) => tx.idempotency.save(record));
      await inTx(storage, async (tx) => {
        expect(await tx.idempotency.get(make.orgId(), record.scope, record.key)).toBeNull();
        expect(await tx.idempotency.get(record.organizationId, 'DELETE /other', record.key)).toBeNull();
      });
    });

    test('deleteOlderThan deletes answers created strictly before the time', async (storage) => {
      const org = make.orgId();
      const [old, boundary, fresh] = [
        make.idempotency(org, { createdAt: make.at(0) }),
        make.idempotency(org, { createdAt: make.at(10) }),
        make.idempotency(org, { createdAt: make.at(20) }),
      ];
      await inTx(storage, async (tx) => {
        for (const record of [old, boundary, fresh]) await tx.idempotency.save(record);
      });
      expect(await inTx(storage, (tx) => tx.idempotency.deleteOlderThan(make.at(10)))).toBe(1);
      await inTx(storage, async (tx) => {
        expect(await tx.idempotency.get(org, old.scope, old.key)).toBeNull();
        expect(await tx.idempotency.get(org, boundary.scope, boundary.key)).toEqual(boundary);
        expect(await tx.idempotency.get(org, fresh.scope, fresh.key)).toEqual(fresh);
        expect(await tx.idempotency.deleteOlderThan(make.at(0))).toBe(0);
      });
    });
  });
}
