/**
 * The self-check of the OpenAPI check every server HTTP test goes through (`test/harness.ts` wraps
 * its sends with `checkedSend`): deliberately wrong answers and accepted bodies make it throw, and
 * the real service's answers pass.
 */
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSend, OpenApiViolation, type Send } from '../../../test-support/openapi';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';

const BASE = 'http://service.test';
const booking = {
  calendarId: ID.calendarBerlin,
  appointmentTypeId: ID.appointmentTypeTrial,
  resourceId: ID.resourceCoach,
  startDateTime: `${day(2)}T08:00:00.000Z`,
  endDateTime: `${day(2)}T09:00:00.000Z`,
};
const json = (method: string, path: string, body?: unknown, type = 'application/json') =>
  new Request(`${BASE}${path}`, {
    method,
    headers: { 'content-type': type, authorization: `Bearer ${TOKEN.write}` },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
/** A fake service that answers every request with `response`. */
const answering =
  (response: () => Response): Send =>
  async () =>
    response();

describe('the OpenAPI check of the server tests', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('fetch');
  });
  afterAll(() => h.close());

  it('passes the real service: a booking created, an error envelope, the document route', async () => {
    const created = await h.call('POST', '/connect/calendar_bookings/', {
      token: TOKEN.write,
      body: booking,
    });
    expect(created.status).toBe(201);
    expect((await h.call('GET', '/connect/calendar/')).status).toBe(401);
    expect((await h.call('GET', '/connect/openapi.json')).status).toBe(200);
  });

  it.each([
    [
      'a success body missing a required field',
      () => Response.json({ id: ID.calendarBerlin }, { status: 201 }),
      /required property/,
    ],
    ['an undocumented status', () => new Response(null, { status: 418 }), /418 is not a documented response/],
    [
      'a body of another media type',
      () => new Response('<p>ok</p>', { status: 201, headers: { 'content-type': 'text/html' } }),
      /text\/html/,
    ],
    [
      'an error outside its envelope',
      () => Response.json({ oops: true }, { status: 400 }),
      /required property/,
    ],
    [
      'a null where the document has none',
      () => Response.json({ statusCode: 400, error: null, message: 'x' }, { status: 400 }),
      /error must be string/,
    ],
  ])('fails on %s', async (_what, response, problem) => {
    const send = checkedSend(answering(response));
    const call = send(json('POST', '/connect/calendar_bookings/', booking));
    await expect(call).rejects.toThrow(OpenApiViolation);
    await expect(
      checkedSend(answering(response))(json('POST', '/connect/calendar_bookings/', booking)),
    ).rejects.toThrow(problem);
  });

  it('fails on a request body the service accepted but the document refuses', async () => {
    const accept = checkedSend(answering(() => new Response(null, { status: 204 })));
    const bad = { events: [{ name: 'opened', errorCode: 'teapot' }] };
    await expect(accept(json('POST', `/public/forms/${ID.form}/telemetry`, bad))).rejects.toThrow(
      /request body/,
    );
    // The same JSON sent as text (a beacon) is checked against the JSON it carries.
    await expect(
      accept(json('POST', `/public/forms/${ID.form}/telemetry`, JSON.stringify(bad), 'text/plain')),
    ).rejects.toThrow(/request body/);
    const good = JSON.stringify({ events: [{ name: 'opened' }] });
    expect(
      (await accept(json('POST', `/public/forms/${ID.form}/telemetry`, good, 'text/plain'))).status,
    ).toBe(204);
    // A media type the document does not list (Connect reads only JSON).
    const lead = JSON.stringify({ tableId: ID.table, leadStateId: ID.leadStateNew, data: {} });
    const entry = checkedSend(answering(() => Response.json({}, { status: 201 })));
    await expect(entry(json('POST', '/connect/table_entries/', lead, 'text/plain'))).rejects.toThrow(
      /text\/plain body; the document lists application\/json/,
    );
  });

  it('checks the calendar feed, whose path has text around its parameter and which answers text', async () => {
    const feed = `/public/calendar-feeds/lbfeed_${'C'.repeat(43)}.ics`;
    const calendar = () =>
      new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
      });
    expect((await checkedSend(answering(calendar))(new Request(`${BASE}${feed}`))).status).toBe(200);
    const asJson = checkedSend(answering(() => Response.json({ events: [] })));
    await expect(asJson(new Request(`${BASE}${feed}`))).rejects.toThrow(
      /application\/json, not one of text\/calendar/,
    );
    // The template's `.ics` is part of the path: another suffix is no documented operation.
    await expect(checkedSend(answering(calendar))(new Request(`${BASE}${feed}.txt`))).rejects.toThrow(
      /no such operation/,
    );
  });

  it('fails on a success of an operation the document does not have', async () => {
    const send = checkedSend(answering(() => Response.json({})));
    await expect(send(json('GET', '/connect/secret_admin/'))).rejects.toThrow(/no such operation/);
  });
});
