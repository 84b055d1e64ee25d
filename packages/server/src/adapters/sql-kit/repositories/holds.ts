/**
 * Slot holds (extension): a document table with the columns capacity checks read.
 *
 * @module
 */
import type { BookingInterval, HoldRecord } from '../../../ports/records';
import type { HoldRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { docsOf } from '../documents';
import type { SqlExecutor, SqlRow } from '../executor';
import { scopedTable } from '../scoped-table';

// `pg` returns a bigint column as text.
const intervalOf = (row: SqlRow): BookingInterval => ({
  id: String(row['id']),
  resourceId: String(row['resource_id']),
  startMs: Number(row['start_ms']),
  endMs: Number(row['end_ms']),
  bufferBeforeMs: Number(row['buffer_before_ms']),
  bufferAfterMs: Number(row['buffer_after_ms']),
});

/** The hold repository in `d`. */
export function holdRepositories(d: SqlDialect) {
  const holds = scopedTable<HoldRecord>(d, {
    table: 'holds',
    columns: {
      resource_id: (record) => record.resourceId,
      holder: (record) => record.holder,
      start_ms: (record) => record.startMs,
      end_ms: (record) => record.endMs,
      buffer_before_ms: (record) => record.bufferBeforeMs,
      buffer_after_ms: (record) => record.bufferAfterMs,
      expires_ms: (record) => record.expiresMs,
    },
  });
  const t = d.table('holds');
  // Holds last minutes and each client has few, so the active ones of a resource are few: the
  // index on (organization, resource, start) narrows to them without a duration bound.
  const overlapping = statement(
    d,
    (p) => `SELECT id, resource_id, start_ms, end_ms, buffer_before_ms, buffer_after_ms FROM ${t}
    WHERE organization_id = ${p.value()} AND ${d.inJsonList('resource_id', p.value())}
      AND start_ms < ${p.value()} AND end_ms > ${p.value()} AND expires_ms > ${p.value()}
    ORDER BY start_ms, seq`,
  );
  const byHolder = statement(
    d,
    (p) => `SELECT doc FROM ${t}
    WHERE organization_id = ${p.value()} AND holder = ${p.value()} AND expires_ms > ${p.value()}
    ORDER BY seq`,
  );
  const deleteExpired = statement(
    d,
    (p) => `DELETE FROM ${t} WHERE organization_id = ${p.value()} AND expires_ms <= ${p.value()}`,
  );

  return {
    holds: (exec: SqlExecutor): HoldRepository => {
      const base = holds(exec);
      return {
        create: base.create,
        get: base.get,
        delete: base.delete,
        async listOverlapping(organizationId, resourceIds, startMs, endMs, nowMs) {
          if (resourceIds.length === 0) return [];
          const rows = await exec.all(overlapping, [
            organizationId,
            JSON.stringify(resourceIds),
            endMs,
            startMs,
            nowMs,
          ]);
          return rows.map(intervalOf);
        },
        async listActiveByHolder(organizationId, holder, nowMs) {
          return docsOf<HoldRecord>(d, await exec.all(byHolder, [organizationId, holder, nowMs]));
        },
        async deleteExpired(organizationId, nowMs) {
          return exec.run(deleteExpired, [organizationId, nowMs]);
        },
      };
    },
  };
}
