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
    duration: options.duration ?? Number(process.env.BENCH_SECONDS ?? 3),
    connections: options.connections ?? 10,
  });
  return { rps: result.requests.average, errors: result.non2xx + result.errors, p99: result.latency.p99 };
}

/** Prints a comparison row. */
export function row(label: string, subject: number, baseline: number, goal: number, unit = 'req/s') {
  const ratio = subject / baseline;
  const verdict = ratio >= goal ? 'meets' : 'BELOW';
  console.log(
    `${label.padEnd(48)} ${subject.toFixed(0).padStart(8)} vs ${baseline.toFixed(0).padStart(8)} ${unit}  ratio ${ratio.toFixed(2)}x  (goal >= ${goal}x: ${verdict})`,
  );
}
