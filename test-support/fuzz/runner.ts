/**
 * The fuzz loop: case `n` takes the baseline of the next operation in a fixed rotation (so every
 * operation gets its share), mutates it with the case's own seeded stream, sends it and checks the
 * answer (see `answerProblems`), that the service logged no error, and, for a refused request, that
 * storage holds what it held before.
 *
 * @module
 */
import { operations, type OperationDefinition, type OperationId } from '@leadbook/contract';
import { baselines } from './baselines';
import { answerProblems } from './envelope';
import { generateCase } from './generate';
import { changedTables, type StorageProbe } from './probe';
import { Random } from './random';
import { describeRequest, toRequest } from './request';
import type { FuzzWorld, LoggedErrors } from './world';

/** What a run needs. */
export interface FuzzRunOptions {
  /** The seeded world the baselines use. */
  readonly world: FuzzWorld;
  /** Snapshots of the storage under test. */
  readonly probe: StorageProbe;
  /** The errors the service logs. */
  readonly logged: LoggedErrors;
  /** The run's seed. */
  readonly seed: number;
  /** How many cases to run. */
  readonly cases: number;
  /**
   * Statuses the host's HTTP server answers, empty, before the service sees the request: Node's
   * server answers 431 to headers (the URL included) over its 16 KiB limit. Only for runs through a
   * listening server; the fetch handler sees every request.
   */
  readonly hostStatuses?: readonly number[];
}

/** One case that broke a rule. */
export interface FuzzFailure {
  readonly index: number;
  readonly operationId: string;
  readonly applied: readonly string[];
  readonly request: string;
  readonly status: number;
  readonly body: string;
  readonly problems: readonly string[];
}

/** The outcome of a run. */
export interface FuzzReport {
  readonly seed: number;
  readonly cases: number;
  /** Answers by status. */
  readonly statuses: Map<number, number>;
  /** Successful answers by operation. */
  readonly successes: Map<string, number>;
  /** How often each mutation was applied. */
  readonly mutations: Map<string, number>;
  /** The cases that broke a rule (the first 50 in detail). */
  readonly failures: FuzzFailure[];
  /** How many cases broke a rule in all. */
  failed: number;
}

const count = (map: Map<string | number, number>, key: string | number) =>
  map.set(key, (map.get(key) ?? 0) + 1);

/** Lets work a commit started (timers armed for the jobs it stored) run before the next snapshot. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The rotation of operations, one round: an operation with a body gets three turns, one with a
 * query two, the others one, as bodies and queries are where most input enters.
 */
export function fuzzSchedule(): OperationDefinition[] {
  return (Object.values(operations) as OperationDefinition[]).flatMap((operation) =>
    Array<OperationDefinition>(operation.body ? 3 : operation.query ? 2 : 1).fill(operation),
  );
}

/** Runs the cases and reports every broken rule; throws only when the harness itself fails. */
export async function runFuzz(options: FuzzRunOptions): Promise<FuzzReport> {
  const { world, probe, logged, seed, cases } = options;
  const schedule = fuzzSchedule();
  const root = new Random(seed);
  const report: FuzzReport = {
    seed,
    cases,
    statuses: new Map(),
    successes: new Map(),
    mutations: new Map(),
    failures: [],
    failed: 0,
  };
  for (let index = 0; index < cases; index++) {
    const operation = schedule[index % schedule.length]!;
    const random = root.fork(index);
    // A baseline may create what its request needs (a booking to delete) through `world.send`.
    const baseline = await baselines[operation.operationId as OperationId](world, random);
    const { request, applied } = generateCase(baseline, random, world);
    for (const name of applied) count(report.mutations, name.slice(0, name.indexOf(':')));
    await settle();
    // Read again only when a read-write transaction ran since the last one (see StorageProbe).
    const before = await probe.snapshot();
    logged.take();

    const sent = toRequest(world.base, request);
    const response = await world.send(sent);
    const text = await response.text();
    const status = response.status;
    count(report.statuses, status);
    // Sent with another method or to another path shape, no catalogue entry speaks for it.
    const readdressed = applied.some((name) => name.startsWith('method') || name.startsWith('path.shape'));
    if (status >= 200 && status < 300 && !readdressed) count(report.successes, operation.operationId);
    const problems = answerProblems({
      operation,
      readdressed,
      path: new URL(sent.url).pathname,
      status,
      contentType: response.headers.get('content-type'),
      text,
      hostStatuses: options.hostStatuses ?? [],
    });
    problems.push(...logged.take().map((error) => `logged: ${error.slice(0, 500)}`));
    if (status >= 400) {
      const changed = await changedTables(before, await probe.snapshot());
      if (changed.length > 0)
        problems.push(`partial write: a ${status} answer changed ${changed.join(', ')}`);
    }
    if (problems.length === 0) continue;
    report.failed++;
    if (report.failures.length < 50) {
      report.failures.push({
        index,
        operationId: operation.operationId,
        applied,
        request: describeRequest(request),
        status,
        body: text.slice(0, 500),
        problems,
      });
    }
  }
  return report;
}

/** The report as text: the seed to replay it, what ran, and each failure. */
export function formatReport(name: string, report: FuzzReport): string {
  const lines = [
    `${name}: ${report.failed} of ${report.cases} cases broke a rule.`,
    `Replay with LEADBOOK_FUZZ_SEED=${report.seed} LEADBOOK_FUZZ_CASES=${report.cases}.`,
    `statuses: ${JSON.stringify(Object.fromEntries([...report.statuses].sort(([a], [b]) => a - b)))}`,
  ];
  for (const failure of report.failures) {
    lines.push(
      `#${failure.index} ${failure.operationId} [${failure.applied.join(' | ') || 'baseline'}]`,
      `    ${failure.request}`,
      `    -> ${failure.status} ${failure.body}`,
      ...failure.problems.map((problem) => `    ! ${problem}`),
    );
  }
  return lines.join('\n');
}
