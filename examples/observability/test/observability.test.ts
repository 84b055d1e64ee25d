import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createManualClock } from '@leadbook/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day, NOW } from '../../../test-support/time';
import { createObservedApp, type ObservedApp } from '../src/app';
import { createPino } from '../src/logger';
import { serveMetrics, startTelemetry, type Telemetry } from '../src/telemetry';

describe('the observability example', { timeout: 60_000 }, () => {
  const spans = new InMemorySpanExporter();
  const logLines: string[] = [];
  let telemetry: Telemetry;
  let observed: ObservedApp;
  let api: Server;
  let base: string;
  let metrics: Awaited<ReturnType<typeof serveMetrics>>;
  let booked: Response;
  let log: ReturnType<typeof createPino>;

  beforeAll(async () => {
    // The SDK as server.ts starts it, with an in-memory span exporter beside Prometheus.
    telemetry = startTelemetry({
      serviceName: 'leadbook-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
    });
    log = createPino({ write: (line: string) => void logLines.push(line) });
    observed = await createObservedApp({ log, clock: createManualClock(NOW) });
    api = observed.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => api.once('listening', resolve));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    metrics = await serveMetrics(telemetry.prometheus, 0);
    const { ids, tokens } = observed.studio;
    // The Monday after the epoch: the coach's Berlin window opens at 08:00Z.
    booked = await fetch(`${base}/connect/calendar_bookings/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        calendarId: ids.calendarBerlin,
        appointmentTypeId: ids.appointmentTypeTrial,
        resourceId: ids.resourceCoach,
        startDateTime: `${day(1)}T08:00:00.000Z`,
        endDateTime: `${day(1)}T09:00:00.000Z`,
      }),
    });
  });
  afterAll(async () => {
    api?.close();
    metrics?.server.close();
    await observed?.service.close();
    await telemetry?.shutdown();
  });

  it('books through HTTP', () => {
    expect(booked.status).toBe(201);
  });

  it('serves the booking counter and the request histogram to Prometheus', async () => {
    const scraped = await fetch(metrics.url);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(
      /^leadbook_bookings_created_total\{[^}]*leadbook_trigger_source="connect"[^}]*\} 1$/m,
    );
    expect(text).toMatch(
      /^http_server_request_duration(?:_seconds)?_count\{[^}]*http_route="\/connect\/calendar_bookings\/"[^}]*http_response_status_code="201"[^}]*\} 1$/m,
    );
    expect(text).toMatch(/^http_server_request_duration(?:_seconds)?_bucket\{[^}]*le="0.005"/m);
  });

  it('exports the request span over its use case, and logs the request id it carries', async () => {
    const server = spans.getFinishedSpans().find((s) => s.name === 'POST /connect/calendar_bookings/')!;
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.resource.attributes['service.name']).toBe('leadbook-test');
    const requestId = booked.headers.get('x-request-id');
    expect(server.attributes['leadbook.request_id']).toBe(requestId);
    const useCase = spans.getFinishedSpans().find((s) => s.name === 'createCalendarBooking')!;
    expect(useCase.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    const access = logLines.map((line) => JSON.parse(line)).find((entry) => entry.requestId === requestId);
    expect(access).toMatchObject({ msg: 'request', method: 'POST', status: 201 });
  });

  it('a log line written while a span is active carries its trace and span ids', () => {
    const ids = trace.getTracer('test').startActiveSpan('work', (span) => {
      log.info('inside');
      span.end();
      return span.spanContext();
    });
    log.info('outside');
    const lines = logLines.map((line) => JSON.parse(line));
    expect(lines.find((entry) => entry.msg === 'inside')).toMatchObject({
      trace_id: ids.traceId,
      span_id: ids.spanId,
    });
    expect(lines.find((entry) => entry.msg === 'outside')).not.toHaveProperty('trace_id');
  });
});
