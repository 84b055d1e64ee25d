import { SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@leadbook/server';
import type { ServiceContext } from '../src/core/context';
import { silentLogger } from '../src/ports/logger';
import { createTelemetry } from '../src/telemetry/instruments';
import { createJobRouter } from '../src/usecases/jobs';
import { NOW } from '../../../test-support/time';
import { registerInMemoryOtel, type InMemoryOtel } from './support/otel';

describe('scheduled job runs in OpenTelemetry', () => {
  let otel: InMemoryOtel;
  let ctx: ServiceContext;
  beforeAll(() => {
    otel = registerInMemoryOtel();
    // The job router reads only the clock, the logger and the telemetry of its context.
    ctx = {
      telemetry: createTelemetry(),
      clock: createManualClock(NOW + 90_000),
      logger: silentLogger,
    } as unknown as ServiceContext;
  });
  afterAll(() => otel.shutdown());

  const job = (type: string) => ({ key: `k-${type}`, runAt: NOW, type, payload: { email: 'x@example.com' } });

  it('each run is the root span of its own trace, over what the handler does, and records its lag', async () => {
    const router = createJobRouter(ctx, {
      'test.ok': () => trace.getTracer('test').startActiveSpan('inside', async (span) => span.end()),
    });
    // Whatever span is active where the scheduler fires, the run starts a trace of its own.
    await trace.getTracer('test').startActiveSpan('scheduler tick', async (tick) => {
      await router(job('test.ok'));
      tick.end();
    });
    const run = otel.spans().find((s) => s.name === 'job test.ok')!;
    expect(run.parentSpanContext).toBeUndefined();
    expect(run.attributes).toEqual({ 'leadbook.job.type': 'test.ok' });
    const inside = otel.spans().find((s) => s.name === 'inside')!;
    expect(inside.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    const lag = (await otel.metrics()).get('leadbook.scheduler.lag')!;
    expect(lag).toEqual([{ attributes: { 'leadbook.job.type': 'test.ok' }, value: { count: 1, sum: 90 } }]);
  });

  it('a failed run is an error span naming the error class only', async () => {
    class PayloadError extends Error {
      override name = 'PayloadError';
    }
    const router = createJobRouter(ctx, {
      'test.fails': async () => {
        throw new PayloadError('customer x@example.com is invalid');
      },
    });
    await expect(router(job('test.fails'))).rejects.toThrow(PayloadError);
    const run = otel.spans().find((s) => s.name === 'job test.fails')!;
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.status.message).toBeUndefined();
    expect(run.attributes['error.type']).toBe('PayloadError');
    expect(JSON.stringify(run.events)).not.toContain('example.com');
  });
});
