/**
 * A body made chunk by chunk (the availability response's) reaches the client whole through both
 * adapters, in order; each chunk is made only when the reader (or the socket) asks for it, and a
 * reader that leaves stops the rest.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../core/context';
import { createExpressRouter } from './express';
import { createFetchHandler } from './fetch';
import type { Pipeline } from './pipeline';

const encoder = new TextEncoder();
// Chunks of different sizes, one of them multi-byte text, and one empty.
const TEXTS = ['{"data":[', '{"name":"Zimmer Ä 会議室"},'.repeat(5_000), '', '{"name":"last"}]}'];
const WHOLE = TEXTS.join('');

/** A body of `texts` that records how many chunks were made and whether it was closed early. */
function bodyOf(texts: readonly string[], failAfter = Infinity) {
  const seen = { made: 0, closed: false };
  function* chunks() {
    try {
      for (const text of texts) {
        if (seen.made === failAfter) throw new Error('the writer failed');
        seen.made++;
        yield encoder.encode(text) as Uint8Array<ArrayBuffer>;
      }
    } finally {
      seen.closed = seen.made < texts.length;
    }
  }
  return { seen, body: chunks() };
}

let next = bodyOf(TEXTS);
const pipeline: Pipeline = async () => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: next.body,
});

describe('a body in chunks', () => {
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let base = '';
  beforeAll(async () => {
    server = express().use(createExpressRouter(pipeline)).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('streams through Express whole and in order', async () => {
    next = bodyOf(TEXTS);
    const response = await fetch(`${base}/chunks`);
    expect(await response.text()).toBe(WHOLE);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(next.seen).toEqual({ made: TEXTS.length, closed: false });
  });

  it('sends a body of one chunk through Express with its Content-Length', async () => {
    next = bodyOf(['{"data":[]}']);
    const response = await fetch(`${base}/one`);
    expect(await response.text()).toBe('{"data":[]}');
    expect(response.headers.get('content-length')).toBe('11');
  });

  it('cuts the Express response short when the writer fails midway, and the server goes on', async () => {
    next = bodyOf(TEXTS, 3);
    const response = await fetch(`${base}/fails`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    // Failing on the first chunk, before any status went out: the connection closes unanswered.
    next = bodyOf(TEXTS, 0);
    await expect(fetch(`${base}/fails-first`)).rejects.toThrow();
    next = bodyOf(TEXTS);
    expect(await (await fetch(`${base}/again`)).text()).toBe(WHOLE);
  });

  it('makes each chunk for the fetch handler as the reader asks, and stops when it cancels', async () => {
    const handler = createFetchHandler({} as ServiceContext, pipeline);
    next = bodyOf(TEXTS);
    const reader = (await handler(new Request('http://x/chunks'))).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(TEXTS[0]);
    // The stream asks for at most one chunk ahead of the reader.
    expect(next.seen.made).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(next.seen.closed).toBe(true);

    next = bodyOf(TEXTS);
    const sizes: number[] = [];
    const whole = (await handler(new Request('http://x/chunks'))).body!.getReader();
    for (let part = await whole.read(); !part.done; part = await whole.read())
      sizes.push(part.value.byteLength);
    expect(sizes).toEqual(TEXTS.map((text) => encoder.encode(text).byteLength));
  });
});
