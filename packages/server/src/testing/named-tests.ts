/**
 * The test registration shared by the meeting provider and external calendar conformance suites:
 * tests named `"<group> > <title>"`, each on a fresh subject disposed after it, and named skips.
 *
 * @module
 */
import { it } from 'vitest';
import type { ConformanceSkip } from './storage-conformance/harness';

/** A subject under test that the suite disposes of after each test. */
interface Disposable {
  dispose(): Promise<void>;
}

/**
 * `test(group, title, body)` registers a test on a fresh `create()`; `checkSkips()` (call it last,
 * inside the suite's `describe`) fails when a skip entry names no registered test, so a renamed test
 * cannot hide behind a stale skip.
 */
export function namedTests<U extends Disposable>(
  suite: string,
  options: { create(): Promise<U>; skip?: readonly ConformanceSkip[] | undefined },
) {
  const skips = new Map((options.skip ?? []).map((entry) => [entry.test, entry.reason]));
  const registered = new Set<string>();
  const test = (group: string, title: string, body: (under: U) => Promise<void>) => {
    const name = `${group} > ${title}`;
    registered.add(name);
    const reason = skips.get(name);
    if (reason !== undefined) return it.skip(`${title} (skipped: ${reason})`, () => undefined);
    it(title, async () => {
      const under = await options.create();
      try {
        await body(under);
      } finally {
        await under.dispose();
      }
    });
  };
  const checkSkips = () => {
    if (skips.size === 0) return;
    it('every skip entry names a test of the suite', () => {
      const unknown = [...skips.keys()].filter((name) => !registered.has(name));
      if (unknown.length > 0) throw new Error(`${suite}: skip entries name no test: ${unknown.join('; ')}`);
    });
  };
  return { test, checkSkips };
}
