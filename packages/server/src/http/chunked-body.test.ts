/**
 * A body written in chunks (the availability response's) reaches the client whole through both
 * adapters, in order, and Express sends its total length.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../core/context';
import { createExpressRouter } from './express';
import { createFetchHandler } from './fetch';
import type { Pipeline } from './pipeline';

const encoder = new TextEncoder();
// Three chunks of different sizes, one of them multi-byte text, and one empty.
const CHUNKS = ['{"data":[', '{"name":"Zimmer Ä 会議室"},'.repeat(5_000), '', '{"name":"last"}]}'].map(
  (text) => encoder.encode(text) as Uint8Array<ArrayBuffer>,
);
const WHOLE = CHUNKS.map((chunk) => Buffer.from(chunk).toString('utf8')).join('');

const pipeline: Pipeline = async (request) =>
  request.path === '/chunks'
    ? { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: CHUNKS }
    : undefined;

describe('a body in chunks', () => {
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let base = '';
  beforeAll(async () => {
    const app = express().use(createExpressRouter(pipeline));
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('goes out whole through Express, with the length of all its chunks', async () => {
    const response = await fetch(`${base}/chunks`);
    const text = await response.text();
    expect(text).toBe(WHOLE);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(WHOLE));
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });

  it('streams through the fetch handler chunk by chunk, in order', async () => {
    const handler = createFetchHandler({} as ServiceContext, pipeline);
    const response = await handler(new Request('http://x/chunks'));
    const reader = response.body!.getReader();
    const seen: number[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      seen.push(part.value.byteLength);
    }
    expect(seen).toEqual(CHUNKS.map((chunk) => chunk.byteLength));
    expect(await (await handler(new Request('http://x/chunks'))).text()).toBe(WHOLE);
  });
});
