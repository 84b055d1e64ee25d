/**
 * Links of resources to external calendars: a document table with the resource as an indexed
 * column, since a search reads the links of each resource it covers.
 *
 * @module
 */
import type { ExternalCalendarLinkRecord } from '../../../ports/records';
import type { SqlDialect } from '../dialect';
import { scopedTable } from '../scoped-table';

/** The external calendar link repository in `d`. */
export function externalCalendarRepositories(d: SqlDialect) {
  return {
    externalCalendarLinks: scopedTable<ExternalCalendarLinkRecord, { resourceId?: string }>(d, {
      table: 'external_calendar_links',
      columns: { resource_id: (record) => record.resourceId },
      filters: { resourceId: 'resource_id' },
    }),
  };
}
