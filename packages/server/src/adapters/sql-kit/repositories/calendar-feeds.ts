/**
 * Calendar feeds of resources: a document table with the resource and the token's digest as
 * indexed columns (a feed request knows only its token).
 *
 * @module
 */
import type { CalendarFeedRecord } from '../../../ports/records';
import type { CalendarFeedRepository } from '../../../ports/storage';
import { statement, type SqlDialect } from '../dialect';
import { docOf } from '../documents';
import type { SqlExecutor } from '../executor';
import { scopedTable } from '../scoped-table';

/** The calendar feed repository in `d`. */
export function calendarFeedRepositories(d: SqlDialect) {
  const feeds = scopedTable<CalendarFeedRecord, { resourceId?: string }>(d, {
    table: 'calendar_feeds',
    columns: {
      resource_id: (record) => record.resourceId,
      token_digest: (record) => record.tokenDigest,
    },
    filters: { resourceId: 'resource_id' },
  });
  const findByDigest = statement(
    d,
    (p) => `SELECT doc FROM ${d.table('calendar_feeds')} WHERE token_digest = ${p.value()}`,
  );
  return {
    calendarFeeds: (exec: SqlExecutor): CalendarFeedRepository => ({
      ...feeds(exec),
      findByTokenDigest: async (tokenDigest) =>
        docOf<CalendarFeedRecord>(d, await exec.get(findByDigest, [tokenDigest])),
    }),
  };
}
