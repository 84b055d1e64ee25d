/**
 * Loopback HTTP load with autocannon, for side-by-side comparisons in one run.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { Express } from 'express';

export interface LoadOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Seconds of load per measurement. */
  duration?: number;
  connections?: number;
}

/** Starts an app on an ephemeral loopback port. */
export async function listen(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Requests per second (mean) and the non-2xx count of one autocannon run. */
export async function load(
  url: string,
  options: LoadOptions,
): Promise<{ rps: number; errors: number; p99: number }> {
  const result = await autocannon({
    url: `${url}${options.path}`,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.duration ?? Number(process.env.BENCH_SECONDS ?? 2),
    connections: options.connections ?? 10,
  });
  return { rps: result.requests.average, errors: result.non2xx + result.errors, p99: result.latency.p99 };
}

/** What {@link compare} measured. */
export interface Comparison {
  /** Median requests per second of the subject and of the baseline. */
  subject: number;
  baseline: number;
  /** Median of the per-round ratios (each round runs the two back to back). */
  ratio: number;
  /** Per-round ratios, for the record. */
  ratios: number[];
  /** Non-2xx responses and errors of the subject, over every round. */
  errors: number;
  /** Median p99 latency (ms) of the subject and of the baseline. */
  p99: { subject: number; baseline: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Measures a subject against its baseline side by side: one warm-up run of each (JIT compilation is
 * not measured), then BENCH_ROUNDS (default 5) rounds, each running the subject and the baseline
 * back to back, in alternating order. On a shared machine the speed drifts by tens of percent
 * within a minute; the ratio of two adjacent runs drifts far less than either figure, so the
 * reported ratio is the median of the rounds' ratios.
 */
export async function compare(
  subject: { url: string } & LoadOptions,
  baseline: { url: string } & LoadOptions,
): Promise<Comparison> {
  await load(subject.url, { ...subject, duration: 1 });
  await load(baseline.url, { ...baseline, duration: 1 });
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const runs: Array<{
    subject: Awaited<ReturnType<typeof load>>;
    baseline: Awaited<ReturnType<typeof load>>;
  }> = [];
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0;
    const a = await load(first ? subject.url : baseline.url, first ? subject : baseline);
    const b = await load(first ? baseline.url : subject.url, first ? baseline : subject);
    runs.push(first ? { subject: a, baseline: b } : { subject: b, baseline: a });
  }
  const ratios = runs.map((run) => run.subject.rps / run.baseline.rps);
  return {
    subject: median(runs.map((run) => run.subject.rps)),
    baseline: median(runs.map((run) => run.baseline.rps)),
    ratio: median(ratios),
    ratios,
    errors: runs.reduce((sum, run) => sum + run.subject.errors, 0),
    p99: {
      subject: median(runs.map((run) => run.subject.p99)),
      baseline: median(runs.map((run) => run.baseline.p99)),
    },
  };
}

/** Prints the row of a {@link compare} result, with its per-round ratios. */
export function comparisonRow(label: string, result: Comparison, goal: number): void {
  const verdict = result.ratio >= goal ? 'meets' : 'BELOW';
  console.log(
    `${label.padEnd(48)} ${result.subject.toFixed(0).padStart(8)} vs ${result.baseline.toFixed(0).padStart(8)} req/s  ratio ${result.ratio.toFixed(2)}x  (goal >= ${goal}x: ${verdict})`,
  );
  console.log(`  per-round ratios: ${result.ratios.map((r) => r.toFixed(2)).join(', ')}`);
}
