/**
 * Loopback HTTP load with autocannon, sides compared in interleaved rounds.
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { Express } from 'express';
import { interleave } from './interleave';

/** One side of an HTTP comparison: where and what to send. */
export interface HttpSide {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Seconds of load per measurement: BENCH_SECONDS, default 2. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

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

/**
 * Measures the sides in interleaved rounds of SECONDS of load each (10 connections); returns each
 * side's requests per second per round and its non-2xx responses and errors over every round.
 */
export async function compareHttp<K extends string>(
  sides: Record<K, HttpSide>,
): Promise<{ rps: Record<K, number[]>; failures: Record<K, number> }> {
  const failures = {} as Record<K, number>;
  const runs = {} as Record<K, () => Promise<number>>;
  for (const name of Object.keys(sides) as K[]) {
    const side = sides[name];
    failures[name] = 0;
    runs[name] = async () => {
      const result = await autocannon({
        url: `${side.url}${side.path}`,
        method: side.method ?? 'GET',
        headers: side.headers,
        body: side.body,
        duration: SECONDS,
        connections: 10,
      });
      failures[name] += result.non2xx + result.errors;
      return result.requests.average;
    };
  }
  const rps = await interleave(runs);
  return { rps, failures };
}
