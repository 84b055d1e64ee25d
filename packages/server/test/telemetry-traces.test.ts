import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInMemoryMeetingProvider, type MeetingProvider } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';
import { registerInMemoryOtel, type InMemoryOtel } from './support/otel';

const booking = (hour: number) => ({
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(1)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  endDateTime: `${day(1)}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
});

/** The in-memory provider, calling out to a named host. */
function zoomAt(host: string): MeetingProvider {
  const inner = createInMemoryMeetingProvider();
  return {
    name: inner.name,
    host,
    create: (request, options) => inner.create(request, options),
    update: (meeting, time, options) => inner.update(meeting, time, options),
    delete: (meeting, options) => inner.delete(meeting, options),
  };
}

describe('OpenTelemetry spans', { timeout: 60_000 }, () => {
  let otel: InMemoryOtel;
  let h: Harness;
  beforeAll(async () => {
    otel = registerInMemoryOtel();
    h = await createHarness('express', { meetings: { providers: [zoomAt('api.zoom.test')] } });
    await h.service.admin.appointmentTypes.setMeetings(ID.organization, ID.appointmentTypeTrial, {
      provider: 'zoom',
      hosts: { [ID.resourceCoach]: 'coach@example.com' },
    });
  });
  afterAll(async () => {
    await h.close();
    await otel.shutdown();
  });

  const spansOfTrace = (traceId: string) => otel.spans().filter((s) => s.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const serverSpanOf = (requestId: string) =>
    otel.spans().find((s) => s.kind === SpanKind.SERVER && s.attributes['leadbook.request_id'] === requestId);

  it('a booking request is a server span with the route template, over its use case, transaction and statements', async () => {
    const res = await h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body: booking(8) });
    expect(res.status).toBe(201);
    const server = serverSpanOf(res.headers.get('x-request-id')!)!;
    expect(server.name).toBe('POST /connect/calendar_bookings/');
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/connect/calendar_bookings/',
      'http.response.status_code': 201,
    });
    const trace = spansOfTrace(server.spanContext().traceId);
    const useCase = trace.find((s) => s.name === 'createCalendarBooking')!;
    expect(useCase.attributes).toEqual({ 'leadbook.operation': 'createCalendarBooking' });
    expect(parentOf(useCase)).toBe(server.spanContext().spanId);

    const transactions = trace.filter((s) => s.name === 'leadbook.storage.transaction');
    expect(transactions.length).toBeGreaterThan(0);
    const write = transactions.find((s) => s.attributes['leadbook.transaction.read_only'] === false)!;
    expect(write.attributes['db.system']).toBe('sqlite');
    expect(parentOf(write)).toBe(useCase.spanContext().spanId);

    const statements = trace.filter((s) => parentOf(s) === write.spanContext().spanId);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.attributes['db.system']).toBe('sqlite');
      expect(statement.name).toBe(statement.attributes['db.operation.name']);
      expect(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH']).toContain(statement.name);
    }
    expect(statements.map((s) => s.name)).toContain('INSERT');
  });

  it('joins the trace a caller sends in traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const res = await h.call('GET', '/connect/calendar/', {
      token: TOKEN.read,
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBe(200);
    const server = serverSpanOf(res.headers.get('x-request-id')!)!;
    expect(server.spanContext().traceId).toBe(traceId);
    expect(parentOf(server)).toBe(parentId);
    expect(server.attributes['http.route']).toBe('/connect/calendar/');
  });

  it('an unmatched path has no route (the path carries ids), and a failure is not a 5xx error', async () => {
    const res = await h.call('GET', `/connect/nowhere/${ID.calendarBerlin}`, { token: TOKEN.read });
    expect(res.status).toBe(404);
    const server = serverSpanOf(res.headers.get('x-request-id')!)!;
    expect(server.name).toBe('GET');
    expect(server.attributes['http.route']).toBeUndefined();
    expect(server.attributes['http.response.status_code']).toBe(404);
    expect(server.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it("a booking's meeting is made in a job span, calling the provider in a client span with its host", async () => {
    const res = await h.call('POST', '/connect/calendar_bookings/', { token: TOKEN.write, body: booking(9) });
    expect(res.status).toBe(201);
    await vi.waitFor(() => expect(otel.spans().some((s) => s.name === 'meeting create')).toBe(true), {
      timeout: 20_000,
    });
    const call = otel.spans().find((s) => s.name === 'meeting create')!;
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.attributes).toEqual({
      'leadbook.meeting.provider': 'zoom',
      'server.address': 'api.zoom.test',
      'leadbook.meeting.outcome': 'succeeded',
    });
    // The call runs in the background of the job that claimed it: the job's span is its ancestor.
    const trace = spansOfTrace(call.spanContext().traceId);
    const byId = new Map(trace.map((s) => [s.spanContext().spanId, s]));
    const ancestors: ReadableSpan[] = [];
    for (let at = byId.get(parentOf(call)!); at; at = byId.get(parentOf(at) ?? '')) ancestors.push(at);
    const job = ancestors.at(-1)!;
    expect(job.name).toMatch(/^job /);
    expect(job.attributes['leadbook.job.type']).toBe(job.name.slice('job '.length));
    expect(job.parentSpanContext).toBeUndefined();
  });
});
