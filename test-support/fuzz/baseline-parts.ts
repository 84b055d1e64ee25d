/**
 * The pieces the baselines are built from: requests with the right credentials, bookable
 * intervals, the public forms' requests and a valid submission.
 *
 * @module
 */
import { operations, type OperationDefinition } from '@leadbook/contract';
import { day } from '../time';
import type { Random } from './random';
import type { FuzzRequest } from './request';
import type { FuzzWorld } from './world';
import {
  STUDIO_CLOSURE_DAYS,
  STUDIO_FORM_FIELDS as FIELD,
  STUDIO_IDS as ID,
  STUDIO_TOKENS as TOKEN,
} from '@leadbook/server/studio';
import { goodSubmission } from '../../packages/server/test/studio';

/** The browser origin on the booking form's allowlist. */
export const ALLOWED_ORIGIN = 'https://www.example.com';

const JSON_TYPE = 'application/json';

/** A request of `operation` with `headers`; a JSON content type goes with a body. */
export function request(
  operation: OperationDefinition,
  headers: Record<string, string>,
  parts: Partial<Pick<FuzzRequest, 'params' | 'query' | 'body'>> = {},
): FuzzRequest {
  return {
    operation,
    method: operation.method,
    template: operation.path,
    params: parts.params ?? {},
    query: parts.query ?? [],
    rawQuery: '',
    headers: parts.body ? { ...headers, 'content-type': JSON_TYPE } : headers,
    body: parts.body,
  };
}

/** The Connect credentials of `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A Connect read with the read-only token. */
export const read = (operation: OperationDefinition, parts?: Parameters<typeof request>[2]) =>
  request(operation, bearer(TOKEN.read), parts);

/** Some optional filters, so cases see both the bare list and a filtered one. */
export const someOf = (random: Random, pairs: Array<[string, string]>) =>
  pairs.filter(() => random.chance(0.5));

/** The week (0 = the first Thursday after the epoch) whose Thursday the studio's closure covers. */
const CLOSED_WEEK = Math.ceil((STUDIO_CLOSURE_DAYS.after - 4) / 7);

/**
 * A studio room interval on one of the next ten Tuesdays (Berlin 14:00-18:00, 13:00Z-17:00Z in
 * winter), where capacity runs out, or an interval in the fuzz hall on one of the next 52 Thursdays
 * (open all day, so 06:00Z-19:00Z is inside it in summer and winter), where it never does.
 */
export function bookableSlot(
  world: FuzzWorld,
  random: Random,
  where = random.pick(['room', 'hall'] as const),
) {
  const room = where === 'room';
  // The week whose Thursday falls in the studio's closure of Berlin is skipped.
  const hallWeek = random.int(51);
  const first = room
    ? `${day(2 + 7 * random.int(10))}T13:00:00Z`
    : `${day(4 + 7 * (hallWeek >= CLOSED_WEEK ? hallWeek + 1 : hallWeek))}T06:00:00Z`;
  const start = Date.parse(first) + random.int(room ? 13 : 49) * 15 * 60_000;
  return {
    calendarId: ID.calendarBerlin,
    appointmentTypeId: ID.appointmentTypeTrial,
    resourceId: room ? ID.resourceRoom : world.hallId,
    startDateTime: new Date(start).toISOString(),
    endDateTime: new Date(start + 60 * 60_000).toISOString(),
  };
}

/** Creates a booking (in the hall, which never fills) for a delete case to remove or a read case to read. */
export async function bookingToDelete(world: FuzzWorld, random: Random): Promise<string> {
  const response = await world.send(
    new Request(`${world.base}/connect/calendar_bookings/`, {
      method: 'POST',
      headers: { ...bearer(TOKEN.write), 'content-type': JSON_TYPE },
      body: JSON.stringify(bookableSlot(world, random, 'hall')),
    }),
  );
  const text = await response.text();
  if (response.status !== 201) throw new Error(`the fuzz world could not book the hall: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** A public form request: the booking form with its allowed Origin, or the open form without one. */
export function publicForm(
  operation: OperationDefinition,
  random: Random,
  parts?: Parameters<typeof request>[2],
) {
  const booking = random.chance(0.7);
  const id = booking ? ID.formGuarded : ID.formNewsletter;
  return request(operation, booking ? { origin: ALLOWED_ORIGIN } : {}, { params: { id }, ...parts });
}

/**
 * The slot-search query of the public form and of Connect availability: the next week on Berlin
 * (far below the bound on candidates), sometimes for available candidates only.
 */
export const weekQuery = (random: Random): Array<[string, string]> => {
  const week = 7 * random.int(2);
  return [
    ['calendarId', ID.calendarBerlin],
    ['appointmentTypeId', ID.appointmentTypeTrial],
    ['start', `${day(1 + week)}T00:00:00Z`],
    ['end', `${day(8 + week)}T00:00:00Z`],
    ...someOf(random, [['onlyAvailable', 'true']]),
  ];
};

/**
 * A submission: to the guarded form, a Monday morning with the coach or a Tuesday afternoon in the
 * studio room within its 14 search days; or to the newsletter form, one email field.
 */
export function submission(random: Random): FuzzRequest {
  const booking = random.chance(0.6);
  if (!booking) {
    const body = { json: { data: { [FIELD.email]: 'visitor@example.com' } } };
    return request(operations.submitPublicForm, {}, { params: { id: ID.formNewsletter }, body });
  }
  const monday = random.chance(0.5);
  const first = Date.parse(`${day((monday ? 1 : 2) + 7 * random.int(2))}T${monday ? '08' : '13'}:00:00Z`);
  const start = first + random.int(monday ? 9 : 13) * 15 * 60_000;
  const body = goodSubmission(new Date(start).toISOString(), new Date(start + 3_600_000).toISOString());
  return request(
    operations.submitPublicForm,
    { origin: ALLOWED_ORIGIN },
    {
      params: { id: ID.formGuarded },
      body: { json: body },
    },
  );
}

/** Creates a hold (on the hall, which never fills) for a release case to remove. */
export async function holdToRelease(world: FuzzWorld, random: Random): Promise<string> {
  const response = await world.send(
    new Request(`${world.base}/connect/booking_holds/`, {
      method: 'POST',
      headers: { ...bearer(TOKEN.write), 'content-type': JSON_TYPE },
      body: JSON.stringify(bookableSlot(world, random, 'hall')),
    }),
  );
  const text = await response.text();
  if (response.status !== 201) throw new Error(`the fuzz world could not hold the hall: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** A public hold of the slot a submission would book (see {@link submission}). */
export function publicHold(random: Random): FuzzRequest {
  const body = submission(random).body;
  const json = (body && 'json' in body ? body.json : {}) as { bookingSlot?: object };
  const slot = json.bookingSlot ?? (goodSubmission().bookingSlot as object);
  return request(
    operations.createPublicFormHold,
    { origin: ALLOWED_ORIGIN },
    { params: { id: ID.formGuarded }, body: { json: { ...slot, ttlSeconds: 60 } } },
  );
}
