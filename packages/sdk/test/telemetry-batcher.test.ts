import type { TelemetryEvent } from '@leadbook/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  createTelemetryBatcher,
  InternalServerError,
  RateLimitError,
  type TelemetryTransport,
} from '@leadbook/sdk/public-form';

const event = (i: number): TelemetryEvent => ({ name: `event_${i}`, step: i });

/** A transport that records batches; `fail` makes the next sends reject, `offline` every send. */
function fakeTransport() {
  const sent: TelemetryEvent[][] = [];
  const beamed: TelemetryEvent[][] = [];
  const failures: unknown[] = [];
  const state = { offline: false };
  const transport: TelemetryTransport = {
    send: vi.fn(async (events: TelemetryEvent[]) => {
      if (state.offline) throw new ConnectionError();
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push(events);
    }),
    beacon: vi.fn((events: TelemetryEvent[]) => void beamed.push(events)),
  };
  return { transport, sent, beamed, state, fail: (...errors: unknown[]) => failures.push(...errors) };
}

/** A page whose visibility the test controls. */
function fakePage() {
  const target = new EventTarget();
  const page = Object.assign(target, { visibilityState: 'visible' as 'visible' | 'hidden' });
  return {
    page,
    hide() {
      page.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('telemetry batcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('flushes 2 s after the first queued event', async () => {
    const { transport, sent } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    batcher.track(event(1));
    await vi.advanceTimersByTimeAsync(1000);
    batcher.track(event(2));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    expect(batcher.pending).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[event(1), event(2)]]);
    expect(batcher.pending).toBe(0);

    batcher.track(event(3));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([[event(1), event(2)], [event(3)]]);
  });

  it('flushes at once at 20 events', async () => {
    const { transport, sent } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    for (let i = 0; i < 19; i++) batcher.track(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([]);
    batcher.track(event(19));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1); // the 2 s timer was cancelled by the flush
  });

  it('splits a synchronous burst at every 20 events, and sends the rest 2 s later', async () => {
    const { transport, sent } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    for (let i = 0; i < 45; i++) batcher.track(event(i));
    // Taken as the burst passed 20 and 40, even though no request could start in between.
    expect(batcher.pending).toBe(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((batch) => batch.length)).toEqual([20, 20]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(sent.flat().map((e) => e.step)).toEqual(Array.from({ length: 45 }, (_, i) => i));
  });

  it('keeps failed batches in order ahead of newer events', async () => {
    const { transport, sent, state } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    state.offline = true;
    for (let i = 0; i < 45; i++) batcher.track(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(batcher.pending).toBe(45);
    state.offline = false;
    await batcher.flush();
    expect(sent.map((batch) => batch.length)).toEqual([45]);
    expect(sent.flat().map((e) => e.step)).toEqual(Array.from({ length: 45 }, (_, i) => i));
  });

  it('sends the queue with the beacon when the page becomes hidden', async () => {
    const { page, hide } = fakePage();
    vi.stubGlobal('document', page);
    const { transport, sent, beamed } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    batcher.track(event(1));
    batcher.track(event(2));
    hide();
    expect(beamed).toEqual([[event(1), event(2)]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([]);

    await batcher.close();
    batcher.track(event(3));
    hide();
    expect(beamed).toHaveLength(1);
  });

  it('drops a batch answered with 429, silently', async () => {
    const { transport, sent, fail } = fakeTransport();
    const onError = vi.fn();
    const batcher = createTelemetryBatcher(transport, { onError });
    fail(new RateLimitError({ status: 429, message: 'Too Many Requests' }));
    batcher.track(event(1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(transport.send).toHaveBeenCalledTimes(1);
    expect(batcher.pending).toBe(0);
    expect(onError).not.toHaveBeenCalled();
    batcher.track(event(2));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([[event(2)]]);

    fail(new InternalServerError({ status: 500, message: 'boom' }));
    batcher.track(event(3));
    await vi.advanceTimersByTimeAsync(2000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }));
  });

  it('never sends more than 50 events in one request', async () => {
    const { transport, sent, state } = fakeTransport();
    const batcher = createTelemetryBatcher(transport);
    // Offline: every flush fails and keeps its events for the next one.
    state.offline = true;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) batcher.track(event(round * 40 + i));
      await vi.advanceTimersByTimeAsync(2000);
    }
    expect(sent).toEqual([]);
    expect(batcher.pending).toBe(120);
    state.offline = false;
    batcher.track(event(120));
    await batcher.flush();
    expect(sent.map((batch) => batch.length)).toEqual([50, 50, 21]);
    expect(sent.flat().map((e) => e.step)).toEqual(Array.from({ length: 121 }, (_, i) => i));
    for (const call of vi.mocked(transport.send).mock.calls) expect(call[0].length).toBeLessThanOrEqual(50);
  });

  it('caps flushAt at 50 and the offline queue at maxQueueSize', async () => {
    const { transport, sent, state } = fakeTransport();
    const batcher = createTelemetryBatcher(transport, { flushAt: 500, maxQueueSize: 60 });
    for (let i = 0; i < 50; i++) batcher.track(event(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.length)).toEqual([50]);

    state.offline = true;
    for (let i = 0; i < 40; i++) batcher.track(event(i));
    await batcher.flush();
    for (let i = 40; i < 80; i++) batcher.track(event(i));
    await batcher.flush();
    expect(batcher.pending).toBe(60);
    expect(vi.mocked(transport.send).mock.calls.map((call) => call[0].length)).toEqual([50, 40, 50]); // offline: the first failure keeps the rest unsent
  });

  it('beams batches of at most 50 on pagehide as well', async () => {
    const scope = new EventTarget();
    vi.stubGlobal('addEventListener', scope.addEventListener.bind(scope));
    vi.stubGlobal('removeEventListener', scope.removeEventListener.bind(scope));
    const { transport, beamed, state } = fakeTransport();
    const batcher = createTelemetryBatcher(transport, { flushIntervalMs: 1000 });
    state.offline = true;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 19; i++) batcher.track(event(round * 19 + i));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(batcher.pending).toBe(76);
    scope.dispatchEvent(new Event('pagehide'));
    expect(beamed.map((b) => b.length)).toEqual([50, 26]);
    expect(batcher.pending).toBe(0);
    await batcher.close();
  });
});
