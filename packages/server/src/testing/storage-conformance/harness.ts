/**
 * The test registration of the storage conformance suite: one fresh adapter per test, closed
 * after it, and named skips.
 *
 * @module
 */
import { describe, it } from 'vitest';
import type { Repositories, StorageAdapter } from '../../ports/storage';

/** A test an adapter does not run, and why. `test` is `"<group> > <title>"`, as the suite names it. */
export interface ConformanceSkip {
  /** The test's full name within the suite, such as `bookings > listOverlapping excludes touching intervals`. */
  test: string;
  /** Why the adapter skips it; shown in the skipped test's title. */
  reason: string;
}

/** A test body: receives a fresh adapter, closed afterwards. */
export type ConformanceBody = (storage: StorageAdapter) => Promise<void>;

/** Registers one test of the current group. */
export type DefineTest = (title: string, body: ConformanceBody) => void;

/** Registers the suite's tests, honouring the skip list. */
export class ConformanceHarness {
  private readonly skips: Map<string, string>;
  private readonly registered = new Set<string>();

  /** A harness creating adapters with `create`. */
  constructor(
    private readonly create: () => Promise<StorageAdapter>,
    skip: readonly ConformanceSkip[] = [],
  ) {
    this.skips = new Map(skip.map((entry) => [entry.test, entry.reason]));
  }

  /** A `describe` block whose tests are named `"<name> > <title>"` for the skip list. */
  group(name: string, register: (test: DefineTest) => void): void {
    describe(name, () => {
      register((title, body) => this.test(`${name} > ${title}`, title, body));
    });
  }

  /**
   * Fails loudly for skip entries that name no test, so a renamed test cannot hide behind a stale
   * skip. The check runs inside a test: vitest collects nested groups after this call returns.
   */
  checkSkips(): void {
    if (this.skips.size === 0) return;
    it('every skip entry names a test of the suite', () => {
      const unknown = [...this.skips.keys()].filter((name) => !this.registered.has(name));
      if (unknown.length > 0)
        throw new Error(`runStorageConformance: skip entries name no test: ${unknown.join('; ')}`);
    });
  }

  private test(fullName: string, title: string, body: ConformanceBody): void {
    if (this.registered.has(fullName)) throw new Error(`Duplicate conformance test: ${fullName}`);
    this.registered.add(fullName);
    const reason = this.skips.get(fullName);
    if (reason !== undefined) {
      it.skip(`${title} (skipped: ${reason})`, () => undefined);
      return;
    }
    it(title, async () => {
      const storage = await this.create();
      try {
        await body(storage);
      } finally {
        await storage.close();
      }
    });
  }
}

/** Runs `fn` in one transaction of `storage` (shorthand for the tests). */
export function inTx<T>(storage: StorageAdapter, fn: (tx: Repositories) => Promise<T>): Promise<T> {
  return storage.transaction(fn);
}
