/**
 * Conformance tests of pool schemas and the lead-entry counts and bulk update.
 *
 * @module
 */
import { expect } from 'vitest';
import { TableDataSchemaSchema } from '@leadbook/contract';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';

/** Registers the pool-schema and lead-entry tests beyond the generic ones. */
export function registerLeadTests(harness: ConformanceHarness): void {
  harness.group('tableSchemas', (test) => {
    test('get returns null before the first save', async (storage) => {
      expect(await inTx(storage, (tx) => tx.tableSchemas.get(make.orgId(), make.id()))).toBeNull();
    });

    test('save then get returns the stored schema', async (storage) => {
      const org = make.orgId();
      const schema = make.tableSchema(org, make.id());
      await inTx(storage, (tx) => tx.tableSchemas.save(schema));
      const stored = await inTx(storage, (tx) => tx.tableSchemas.get(org, schema.tableId));
      expect(stored).toEqual(schema);
      expect(() => TableDataSchemaSchema.parse(stored)).not.toThrow();
    });

    test('save replaces the schema of the same pool', async (storage) => {
      const [org, tableId] = [make.orgId(), make.id()];
      const first = make.tableSchema(org, tableId);
      const second = { ...first, updatedAt: make.later(), fields: {} };
      const otherPool = make.tableSchema(org, make.id());
      await inTx(storage, async (tx) => {
        await tx.tableSchemas.save(first);
        await tx.tableSchemas.save(otherPool);
      });
      await inTx(storage, (tx) => tx.tableSchemas.save(second));
      await inTx(storage, async (tx) => {
        expect(await tx.tableSchemas.get(org, tableId)).toEqual(second);
        expect(await tx.tableSchemas.get(org, otherPool.tableId)).toEqual(otherPool);
      });
    });

    test('another organization cannot get the schema', async (storage) => {
      const schema = make.tableSchema(make.orgId(), make.id());
      await inTx(storage, (tx) => tx.tableSchemas.save(schema));
      expect(await inTx(storage, (tx) => tx.tableSchemas.get(make.orgId(), schema.tableId))).toBeNull();
    });
  });

  harness.group('entries', (test) => {
    test('countByTable counts the organization entries per pool', async (storage) => {
      const [org, other, poolA, poolB] = [make.orgId(), make.orgId(), make.id(), make.id()];
      await inTx(storage, async (tx) => {
        for (const tableId of [poolA, poolB, poolA, poolA])
          await tx.entries.create(make.entry(org, { tableId }));
        await tx.entries.create(make.entry(other, { tableId: poolA }));
      });
      await inTx(storage, async (tx) => {
        expect(await tx.entries.countByTable(org)).toEqual(
          new Map([
            [poolA, 3],
            [poolB, 1],
          ]),
        );
        expect(await tx.entries.countByTable(make.orgId())).toEqual(new Map());
      });
    });

    test('countByLeadState counts the entries of one pool per state', async (storage) => {
      const [org, pool, otherPool, s1, s2] = [make.orgId(), make.id(), make.id(), make.id(), make.id()];
      await inTx(storage, async (tx) => {
        for (const leadStateId of [s1, s2, s2])
          await tx.entries.create(make.entry(org, { tableId: pool, leadStateId }));
        await tx.entries.create(make.entry(org, { tableId: otherPool, leadStateId: s1 }));
        await tx.entries.create(make.entry(make.orgId(), { tableId: pool, leadStateId: s1 }));
      });
      expect(await inTx(storage, (tx) => tx.entries.countByLeadState(org, pool))).toEqual(
        new Map([
          [s1, 1],
          [s2, 2],
        ]),
      );
    });

    test('clearAppointmentType nulls the type on matching entries only', async (storage) => {
      const [org, type, otherType] = [make.orgId(), make.id(), make.id()];
      const matching = [
        make.entry(org, { interestedInAppointmentTypeId: type }),
        make.entry(org, { interestedInAppointmentTypeId: type }),
      ];
      const untouched = [
        make.entry(org, { interestedInAppointmentTypeId: otherType }),
        make.entry(org, { interestedInAppointmentTypeId: null }),
        make.entry(make.orgId(), { interestedInAppointmentTypeId: type }),
      ];
      await inTx(storage, async (tx) => {
        for (const record of [...matching, ...untouched]) await tx.entries.create(record);
      });
      const updatedAt = make.later();
      expect(await inTx(storage, (tx) => tx.entries.clearAppointmentType(org, type, updatedAt))).toBe(2);
      await inTx(storage, async (tx) => {
        for (const record of matching) {
          expect(await tx.entries.get(org, record.id)).toEqual({
            ...record,
            interestedInAppointmentTypeId: null,
            updatedAt,
          });
        }
        for (const record of untouched) {
          expect(await tx.entries.get(record.organizationId, record.id)).toEqual(record);
        }
        expect(await tx.entries.clearAppointmentType(org, type, make.later())).toBe(0);
      });
    });
  });
}
