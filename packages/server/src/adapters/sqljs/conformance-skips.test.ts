import { describe, expect, it } from 'vitest';
import { ConformanceHarness } from '../../testing/storage-conformance/harness';
import { createSqlJsStorage } from './index';

// The suite's own skip mechanism: a named skip really skips, and a stale name fails the suite.
describe('storage conformance skips', () => {
  const harness = new ConformanceHarness(
    () => createSqlJsStorage(),
    [{ test: 'demo > a skipped case', reason: 'shows the mechanism' }],
  );
  let ran = false;
  harness.group('demo', (test) => {
    test('a skipped case', async () => {
      ran = true;
    });
  });
  harness.checkSkips();
  it('did not run the skipped case', () => expect(ran).toBe(false));
});
