/**
 * Loopback HTTP load with autocannon, for side-by-side comparisons in one run.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { Express } from 'express';
import { median } from './report';

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
  /** Median of the per-round ratios (each round runs the sides back to back). */
  ratio: number;
  /** Per-round ratios, for the record. */
  ratios: number[];
  /** Non-2xx responses and errors of the subject, over every round. */
  errors: number;
  /** Median p99 latency (ms) of the subject and of the baseline. */
  p99: { subject: number; baseline: number };
  /** The reference side, when one was given: its rate and its median per-round ratios. */
  reference?: {
    /** What the reference side is, for the printed breakdown. */
    label: string;
    rps: number;
    /** Reference / baseline. */
    toBaseline: number;
    /** Subject / reference: the median of the per-round ratios. */
    subjectTo: number;
    /** Subject / reference, per round. */
    subjectToRounds: number[];
    /** Non-2xx responses and errors of the reference. */
    errors: number;
  };
  /** Further breakdown sides, measured in the same rounds, each against the reference. */
  also: Array<{
    label: string;
    rps: number;
    /** This side / the reference: the median of the per-round ratios. */
    toReference: number;
    /** The subject / this side: the median of the per-round ratios. */
    subjectTo: number;
    errors: number;
  }>;
}

const medianRatio = (a: number[], b: number[]) => median(a.map((value, round) => value / b[round]!));

/**
 * Measures a subject against its baseline side by side: one warm-up run of each side (JIT
 * compilation is not measured), then BENCH_ROUNDS (default 5) rounds, each running every side back
 * to back, in an order rotated per round. On a shared machine the speed drifts by tens of percent
 * within a minute; the ratio of two adjacent runs drifts far less than either figure, so the
 * reported ratio is the median of the rounds' ratios. An optional `reference` (a breakdown, such as
 * a bare route doing the same storage writes) runs in the same rounds, and so do the `also` sides
 * (further breakdowns, each reported against the reference).
 */
export async function compare(
  subject: { url: string } & LoadOptions,
  baseline: { url: string } & LoadOptions,
  reference?: { url: string; label: string } & LoadOptions,
  also: Array<{ url: string; label: string } & LoadOptions> = [],
): Promise<Comparison> {
  if (also.length > 0 && !reference)
    throw new Error('compare: the also sides are measured against a reference');
  const sides = reference ? [subject, baseline, reference, ...also] : [subject, baseline];
  for (const side of sides) await load(side.url, { ...side, duration: 1 });
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const runs: Array<Array<Awaited<ReturnType<typeof load>>>> = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < sides.length; k++) {
      const index = (round + k) % sides.length;
      const side = sides[index]!;
      runs[index]!.push(await load(side.url, side));
    }
  }
  const rps = runs.map((side) => side.map((run) => run.rps));
  const [subjectRuns, baselineRuns] = runs as [(typeof runs)[number], (typeof runs)[number]];
  const ratios = rps[0]!.map((value, round) => value / rps[1]![round]!);
  return {
    subject: median(rps[0]!),
    baseline: median(rps[1]!),
    ratio: median(ratios),
    ratios,
    errors: subjectRuns.reduce((sum, run) => sum + run.errors, 0),
    p99: {
      subject: median(subjectRuns.map((run) => run.p99)),
      baseline: median(baselineRuns.map((run) => run.p99)),
    },
    ...(reference && {
      reference: {
        label: reference.label,
        rps: median(rps[2]!),
        toBaseline: medianRatio(rps[2]!, rps[1]!),
        subjectTo: medianRatio(rps[0]!, rps[2]!),
        subjectToRounds: rps[0]!.map((value, round) => value / rps[2]![round]!),
        errors: runs[2]!.reduce((sum, run) => sum + run.errors, 0),
      },
    }),
    also: also.map((side, k) => ({
      label: side.label,
      rps: median(rps[3 + k]!),
      toReference: medianRatio(rps[3 + k]!, rps[2]!),
      subjectTo: medianRatio(rps[0]!, rps[3 + k]!),
      errors: runs[3 + k]!.reduce((sum, run) => sum + run.errors, 0),
    })),
  };
}

/**
 * What a row's goal is a ratio of: the subject against the baseline (a bare Express route doing
 * the same JSON work), or against the reference (the storage floor: a bare route doing the same
 * storage writes).
 */
export interface Goal {
  of: 'baseline' | 'reference';
  atLeast: number;
  /** What the baseline is, in the printed rows (default `bare Express`). */
  baseline?: string;
}

/** Prints the row of a {@link compare} result, its goal's verdict and its per-round ratios. */
export function comparisonRow(label: string, result: Comparison, goal: Goal): void {
  const reference = result.reference;
  if (goal.of === 'reference' && !reference) throw new Error(`${label}: a goal of the reference needs one`);
  const ratio = goal.of === 'baseline' ? result.ratio : reference!.subjectTo;
  const verdict = ratio >= goal.atLeast ? 'meets' : 'BELOW';
  const baseline = goal.baseline ?? 'bare Express';
  const of = goal.of === 'baseline' ? `of ${baseline}` : 'of its storage floor';
  console.log(`${label.padEnd(40)} ${ratio.toFixed(2)}x ${of}  (goal >= ${goal.atLeast}x: ${verdict})`);
  console.log(
    `  ${result.subject.toFixed(0)} req/s vs ${baseline} ${result.baseline.toFixed(0)} req/s: ` +
      `${result.ratio.toFixed(2)}x (per round ${result.ratios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  if (reference) {
    console.log(
      `  ${reference.label}: ${reference.rps.toFixed(0)} req/s, ${reference.toBaseline.toFixed(2)}x of ` +
        `${baseline}; the service is ${reference.subjectTo.toFixed(2)}x of it (per round ${reference.subjectToRounds.map((r) => r.toFixed(2)).join(', ')})`,
    );
    if (reference.errors > 0)
      console.log(`  warning: ${reference.errors} non-2xx responses from the reference`);
  }
  for (const side of result.also) {
    console.log(
      `  ${side.label}: ${side.rps.toFixed(0)} req/s, ${side.toReference.toFixed(2)}x of the storage floor; ` +
        `the service is ${side.subjectTo.toFixed(2)}x of it`,
    );
    if (side.errors > 0) console.log(`  warning: ${side.errors} non-2xx responses from ${side.label}`);
  }
}
