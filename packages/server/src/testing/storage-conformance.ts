/**
 * The storage conformance suite: every adapter of the storage port (sql.js, PostgreSQL, your own)
 * runs it from its own test file and must pass it.
 *
 * @module
 */
import { describe } from 'vitest';
import type { StorageAdapter } from '../ports/storage';
import type { ConformanceSkip } from './storage-conformance/harness';
import { registerBookingTests } from './storage-conformance/bookings';
import { registerCalendarFeedTests } from './storage-conformance/calendar-feeds';
import { registerExternalCalendarTests } from './storage-conformance/external-calendars';
import { registerFormTests } from './storage-conformance/forms';
import { registerHoldTests } from './storage-conformance/holds';
import { ConformanceHarness } from './storage-conformance/harness';
import { registerLeadTests } from './storage-conformance/leads';
import { registerLookupTests } from './storage-conformance/lookups';
import { registerSchemaTests } from './storage-conformance/schema';
import { registerScopedTests } from './storage-conformance/scoped-cases';
import { registerSystemTests } from './storage-conformance/system';
import { registerTenantTests } from './storage-conformance/tenants';
import { registerTransactionTests } from './storage-conformance/transactions';

export type { ConformanceSkip } from './storage-conformance/harness';

/** Options of {@link runStorageConformance}. */
export interface StorageConformanceOptions {
  /** The suite's name in the test report, such as `sql.js (memory)`. */
  name: string;
  /** Creates a fresh, empty adapter; each test gets its own and closes it. */
  create: () => Promise<StorageAdapter>;
  /**
   * Tests this adapter does not run, each with its reason (shown in the report). A skip entry that
   * names no test fails the suite.
   */
  skip?: ConformanceSkip[];
}

/**
 * Registers the storage conformance tests with vitest (`describe`/`it`): create/get/list/update/
 * delete round trips of every repository, tenancy, filters, stable order, not-found results,
 * the booking overlap query, booking buffers, slot holds, blockers by time, resources by calendar,
 * counts, the activity log, jobs, idempotency, transaction
 * atomicity and serialisation, and `schemaStatus()` (skip its two tests by name when the adapter
 * lacks it). Call it at the top level of a test file.
 *
 * @example
 * ```ts
 * import { runStorageConformance } from '@leadbook/server/testing';
 *
 * runStorageConformance({
 *   name: 'my storage',
 *   create: () => createMyStorage({ url: process.env.DATABASE_URL }),
 *   skip: [{ test: 'transaction > close can be called twice', reason: 'the pool is closed by its owner' }],
 * });
 * ```
 */
export function runStorageConformance(options: StorageConformanceOptions): void {
  describe(`storage conformance: ${options.name}`, () => {
    const harness = new ConformanceHarness(options.create, options.skip);
    registerTenantTests(harness);
    registerScopedTests(harness);
    registerLeadTests(harness);
    registerBookingTests(harness);
    registerHoldTests(harness);
    registerLookupTests(harness);
    registerSystemTests(harness);
    registerFormTests(harness);
    registerExternalCalendarTests(harness);
    registerCalendarFeedTests(harness);
    registerTransactionTests(harness);
    registerSchemaTests(harness);
    harness.checkSkips();
  });
}
