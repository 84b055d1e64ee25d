/**
 * The checks of the answers: no 5xx and no request without an answer outside the fault windows,
 * no instance exiting on its own, idempotent replays answered with the first booking; and the
 * latency per operation.
 *
 * @module
 */
import { group, iso, result, type CheckResult, type Exchange, type FaultWindow } from './types';

/** The exchanges among `exchanges` that overlap no fault window, and how many do. */
function outside(exchanges: readonly Exchange[], windows: readonly FaultWindow[]) {
  const excused = (exchange: Exchange) =>
    windows.some((window) => exchange.startMs <= window.endMs && exchange.endMs >= window.startMs);
  const found = exchanges.filter((exchange) => !excused(exchange));
  return {
    problems: found.map((e) => `${e.op} on ${e.instance}: ${e.outcome} at ${iso(e.startMs)}`),
    inside: exchanges.length - found.length,
  };
}

/** No request was answered with a 5xx outside the fault windows (a request overlapping one is excused). */
export function checkServerErrors(
  exchanges: readonly Exchange[],
  windows: readonly FaultWindow[],
): CheckResult {
  const errors = exchanges.filter(
    (exchange) => typeof exchange.outcome === 'number' && exchange.outcome >= 500,
  );
  const { problems, inside } = outside(errors, windows);
  return result(
    '5xx outside the kill windows',
    problems,
    `${problems.length} (${inside} inside ${windows.length} windows)`,
  );
}

/**
 * Every request outside the fault windows got an answer: a connection refused or reset, or a
 * request that hung until its timeout, means an instance failed without being killed.
 */
export function checkUnanswered(
  exchanges: readonly Exchange[],
  windows: readonly FaultWindow[],
): CheckResult {
  const failures = exchanges.filter((exchange) => typeof exchange.outcome !== 'number');
  const { problems, inside } = outside(failures, windows);
  return result(
    'requests without an answer outside the kill windows',
    problems,
    `${problems.length} (${inside} inside the windows)`,
  );
}

/** No instance exited but those the soak killed or stopped. */
export function checkCrashes(crashes: readonly string[]): CheckResult {
  return result('instances that exited on their own', [...crashes], String(crashes.length));
}

/** Idempotent retries of a booking (same `Idempotency-Key`) answered with the first booking. */
export function checkReplays(replays: number, mismatches: readonly string[]): CheckResult {
  return result(
    'Idempotency-Key replays not answering the first booking',
    [...mismatches],
    `${mismatches.length} of ${replays}`,
  );
}

/** Latency of the answered requests of one operation. */
export interface Latency {
  op: string;
  answered: number;
  p50: number;
  p99: number;
  /** Requests without an answer (connection refused or reset, timed out). */
  failures: number;
  /** Answers by status. */
  statuses: Record<number, number>;
}

/** The nearest-rank percentile `p` (0-100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50 and p99 per operation, in the order operations first appear. */
export function latencies(exchanges: readonly Exchange[]): Latency[] {
  const byOp = new Map<string, Exchange[]>();
  for (const exchange of exchanges) group(byOp, exchange.op, exchange);
  return [...byOp].map(([op, list]) => {
    const answered = list.filter((exchange) => typeof exchange.outcome === 'number');
    const durations = answered.map((exchange) => exchange.endMs - exchange.startMs).sort((a, b) => a - b);
    const statuses: Record<number, number> = {};
    for (const exchange of answered) {
      const status = exchange.outcome as number;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return {
      op,
      answered: answered.length,
      p50: percentile(durations, 50),
      p99: percentile(durations, 99),
      failures: list.length - answered.length,
      statuses,
    };
  });
}
