/**
 * The fuzz test can fail: each test here breaks one rule on purpose, from the outside (a storage
 * that throws, a storage that writes when a request is refused, an adapter that leaks a field into
 * its errors), and expects a short fuzz run to report exactly that kind of problem.
 */
import { createSqlJsStorage, type Repositories, type StorageAdapter } from '@leadbook/server';
import { describe, expect, it } from 'vitest';
import {
  fuzzServiceOptions,
  recordErrors,
  runFuzz,
  seedFuzzWorld,
  sqlJsProbe,
  type FuzzReport,
} from '../../../test-support/fuzz';
import { createHarness } from './harness';

/** Enough cases for every operation to come round several times. */
const CASES = 440;

/** Whether the sabotage is on: not while the world is seeded, only while the fuzz runs. */
let armed = false;

/**
 * A fuzz run on a service whose storage `sabotage` wraps (acting only while {@link armed}), and
 * whose answers `answer` may rewrite.
 */
async function fuzzBroken(
  sabotage: (storage: StorageAdapter) => StorageAdapter,
  answer: (response: Response) => Promise<Response> = async (response) => response,
): Promise<FuzzReport> {
  const logged = recordErrors();
  const probe = sqlJsProbe(await createSqlJsStorage());
  const h = await createHarness('fetch', fuzzServiceOptions(logged, sabotage(probe.storage)), {
    fullStudio: true,
  });
  try {
    const world = await seedFuzzWorld(h.service, h.base, h.send);
    const send = async (request: Request) => answer(await h.send(request));
    armed = true;
    return await runFuzz({ world: { ...world, send }, probe, logged, seed: 7, cases: CASES });
  } finally {
    armed = false;
    await h.close();
  }
}

/** Every problem line of the report's detailed failures. */
const problems = (report: FuzzReport) => report.failures.flatMap((failure) => failure.problems);

// A few hundred cases take about a second; the limit leaves room for a loaded CI machine.
describe('the fuzz catches', { timeout: 60_000 }, () => {
  it('a route that throws (a 500)', async () => {
    // Listing calendars fails as a bug would: GET /connect/calendar/ answers 500.
    const failing = (tx: Repositories) =>
      new Proxy(tx, {
        get(target, name, receiver) {
          const repository: unknown = Reflect.get(target, name, receiver);
          if (name !== 'calendars' || !armed) return repository;
          return { ...(repository as object), list: () => Promise.reject(new Error('injected')) };
        },
      });
    const report = await fuzzBroken((storage) => ({
      ...storage,
      transaction: (fn, options) => storage.transaction((tx) => fn(failing(tx)), options),
    }));
    expect(report.failed).toBeGreaterThan(0);
    expect(problems(report)).toContain('status 500');
  });

  it('a refused request that writes (a partial write)', async () => {
    // A storage that records every failed read-write transaction, as a careless audit log would.
    let failures = 0;
    const report = await fuzzBroken((storage) => ({
      ...storage,
      async transaction(fn, options) {
        try {
          return await storage.transaction(fn, options);
        } catch (error) {
          if (armed && !options?.readOnly) {
            const key = `failed-${++failures}`;
            const job = { key, runAt: 0, type: 'audit', payload: null, createdAt: '2024-01-07T12:00:00Z' };
            await storage.transaction((tx) => tx.jobs.upsert(job));
          }
          throw error;
        }
      },
    }));
    expect(
      problems(report).some((problem) => /^partial write: a 4\d\d answer changed jobs$/.test(problem)),
    ).toBe(true);
  });

  it('an error outside its envelope', async () => {
    const leak = async (response: Response) => {
      if (response.status < 400) return response;
      const body = { ...((await response.json()) as object), stack: 'at handler (route.ts:1:1)' };
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const report = await fuzzBroken((storage) => storage, leak);
    expect(report.failed).toBeGreaterThan(CASES / 3);
    expect(
      problems(report).some((problem) => problem.startsWith('envelope: ') && problem.includes('stack')),
    ).toBe(true);
  });
});
