/**
 * Conformance tests of `schemaStatus()`, the optional read behind the health report's migrations
 * check. An adapter without it skips them by name.
 *
 * @module
 */
import { expect } from 'vitest';
import { isStorageError } from '../../ports/storage';
import type { ConformanceHarness } from './harness';

/** Registers the schema status tests. */
export function registerSchemaTests(harness: ConformanceHarness): void {
  harness.group('schema', (test) => {
    test('schemaStatus reports a fresh adapter migrated up to date', async (storage) => {
      expect(storage.schemaStatus).toBeTypeOf('function');
      const status = await storage.schemaStatus!();
      expect(status.latest).toBeGreaterThan(0);
      expect(status.applied).toBe(status.latest);
    });

    test('schemaStatus rejects with a StorageError after close', async (storage) => {
      expect(storage.schemaStatus).toBeTypeOf('function');
      await storage.close();
      const error = await storage.schemaStatus!().catch((caught: unknown) => caught);
      expect(isStorageError(error)).toBe(true);
    });
  });
}
