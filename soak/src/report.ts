/**
 * The printed report: the checks as a table (PASS or FAIL, the figure, the first problems) and
 * p50/p99 latency per operation.
 *
 * @module
 */
import type { CheckResult, Latency } from './checks';

const SHOWN_PROBLEMS = 10;

/** Formats rows as a table with a header row and aligned columns. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** The checks' table, with the first problems of each failed check under it. */
export function checksReport(checks: readonly CheckResult[]): string {
  const rows = [
    ['check', 'result', 'found'],
    ...checks.map((c) => [c.name, c.passed ? 'PASS' : 'FAIL', c.value]),
  ];
  const problems = checks
    .filter((check) => !check.passed)
    .flatMap((check) => [
      `${check.name}:`,
      ...check.problems.slice(0, SHOWN_PROBLEMS).map((problem) => `  - ${problem}`),
      ...(check.problems.length > SHOWN_PROBLEMS
        ? [`  ... and ${check.problems.length - SHOWN_PROBLEMS} more`]
        : []),
    ]);
  return [table(rows), ...problems].join('\n');
}

/** The latency table (milliseconds, answered requests only). */
export function latencyReport(latencies: readonly Latency[]): string {
  const rows = [
    ['operation', 'answered', 'p50 ms', 'p99 ms', 'no answer', 'statuses'],
    ...latencies.map((l) => [
      l.op,
      String(l.answered),
      Number.isNaN(l.p50) ? '-' : String(l.p50),
      Number.isNaN(l.p99) ? '-' : String(l.p99),
      String(l.failures),
      Object.entries(l.statuses)
        .map(([status, n]) => `${n} x ${status}`)
        .join(', '),
    ]),
  ];
  return table(rows);
}
