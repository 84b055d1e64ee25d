/**
 * The seeded fuzz test of issue 18 on sql.js, through the Express router and the fetch handler:
 * every operation of the catalogue, mutated thousands of times (see `test-support/fuzz`). No
 * answer may be a 5xx, every error must be in its surface's envelope, and a refused request must
 * leave storage as it was. Replay a failure with the `LEADBOOK_FUZZ_SEED` the report prints;
 * `LEADBOOK_FUZZ_CASES` sets the number of cases. `fuzz-self-check.test.ts` shows that it fails.
 */
import { operations, type OperationId } from '@leadbook/contract';
import { createSqlJsStorage } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baselines,
  DEFAULT_FUZZ_CASES,
  DEFAULT_FUZZ_SEED,
  formatReport,
  fuzzCases,
  fuzzSchedule,
  fuzzSeed,
  fuzzServiceOptions,
  generateCase,
  missingBaselines,
  MUTATIONS,
  Random,
  recordErrors,
  runFuzz,
  seedFuzzWorld,
  sqlJsProbe,
  toRequest,
  type FuzzWorld,
  type StorageProbe,
} from '../../../test-support/fuzz';
import { ADAPTERS, createHarness, type Harness } from './harness';

describe('the fuzz generator', () => {
  it('has a baseline for every operation of the catalogue', () => {
    expect(missingBaselines()).toEqual([]);
  });

  it('uses every mutation in a default run, and every case it makes can be sent', async () => {
    // No service: the delete baseline's booking is answered here.
    const world: FuzzWorld = {
      base: 'http://fuzz.test',
      send: async () => Response.json({ id: '00000000-0000-4000-8000-000000000000' }, { status: 201 }),
      ingress: { id: '00000000-0000-4000-8000-000000000001', token: 'a'.repeat(64) },
      otherIngress: { id: '00000000-0000-4000-8000-000000000002', token: 'b'.repeat(64) },
      entryId: '00000000-0000-4000-8000-000000000003',
      hallId: '00000000-0000-4000-8000-000000000004',
    };
    const schedule = fuzzSchedule();
    const root = new Random(DEFAULT_FUZZ_SEED);
    const used = new Set<string>();
    for (let index = 0; index < DEFAULT_FUZZ_CASES; index++) {
      const operation = schedule[index % schedule.length]!;
      const random = root.fork(index);
      const baseline = await baselines[operation.operationId as OperationId](world, random);
      const { request, applied } = generateCase(baseline, random, world);
      for (const name of applied) used.add(name.slice(0, name.indexOf(':')));
      expect(() => toRequest(world.base, request), applied.join(' | ')).not.toThrow();
    }
    expect(MUTATIONS.map((mutation) => mutation.name).filter((name) => !used.has(name))).toEqual([]);
  });
});

describe.each(ADAPTERS)('fuzz on sql.js through %s', (kind) => {
  let h: Harness;
  let world: FuzzWorld;
  let probe: StorageProbe;
  const logged = recordErrors();
  beforeAll(async () => {
    probe = sqlJsProbe(await createSqlJsStorage());
    h = await createHarness(kind, fuzzServiceOptions(logged, probe.storage), { fullStudio: true });
    world = await seedFuzzWorld(h.service, h.base, h.send);
  });
  afterAll(() => h.close());

  it('answers every baseline with its success status', async () => {
    for (const [id, operation] of Object.entries(operations)) {
      const request = await baselines[id as OperationId](world, new Random(1));
      const response = await h.send(toRequest(h.base, request));
      expect(response.status, `${id}: ${await response.text()}`).toBe(operation.successStatus);
    }
  });

  it(`answers ${fuzzCases()} fuzzed requests without a 5xx, in the documented envelopes, with no partial write`, async () => {
    const report = await runFuzz({
      world,
      probe,
      logged,
      seed: fuzzSeed(),
      cases: fuzzCases(),
      // Node's HTTP server refuses headers over 16 KiB (a long query string) with an empty 431.
      hostStatuses: kind === 'express' ? [431] : [],
    });
    const text = formatReport(`sql.js via ${kind}`, report);
    expect(report.failed, text).toBe(0);
    // Mutated cases still reach every operation's handler (a shorter run may by chance miss one).
    if (report.cases >= DEFAULT_FUZZ_CASES) {
      expect(
        Object.keys(operations).filter((id) => !report.successes.has(id)),
        text,
      ).toEqual([]);
    }
  }, 120_000);
});
