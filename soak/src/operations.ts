/**
 * The operations of the load, each one user action over HTTP: availability searches, bookings with
 * an `Idempotency-Key` (retried with the same key, and sometimes sent twice on purpose), holds and
 * bookings of held places, reschedules, deletes, leads, form submits and ingress posts on the
 * planner organization, and near bookings on the legacy desk (seconds ahead, so their timers fire
 * during the run), some moved or deleted before they start.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import type { SoakClient, SoakRequest, SoakResponse } from './client';
import { BOOKING_MINUTES, LEGACY_TOKEN, PLANNER_TOKEN, type SoakWorld } from './fixture';
import type { Ledger } from './ledger';
import type { Random } from './random';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What every operation works with. */
export interface OperationContext {
  world: SoakWorld;
  client: SoakClient;
  ledger: Ledger;
  random: Random;
  /** A new `Idempotency-Key`, unique within the run. */
  nextKey(): string;
  /** 00:00 UTC of the first day of the planner's booking range (days ahead of the run). */
  rangeStartMs: number;
  /** Days in the planner's booking range. */
  rangeDays: number;
  /** Answers the load did not expect (by operation and status), for the report. */
  unexpected: Map<string, number>;
  /** Idempotent replays sent, and those not answered with the first booking. */
  replays: { sent: number; mismatches: string[] };
}

/** One operation. */
export type Operation = (ctx: OperationContext) => Promise<void>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ok = (response: SoakResponse): response is { kind: 'answer'; status: number; body: never } =>
  response.kind === 'answer' && response.status >= 200 && response.status < 300;
const field = (response: SoakResponse, name: string): string =>
  String((response as { body: Record<string, unknown> }).body[name]);

/** Counts an answer that is neither a success, an expected refusal, nor a failure to reach the service. */
function note(ctx: OperationContext, op: string, response: SoakResponse): void {
  if (response.kind !== 'answer' || response.status < 400 || response.status >= 500) return;
  const message = (response.body as { message?: unknown } | undefined)?.message;
  if (response.status === 400 && message === ErrorMessages.slotUnavailable) return;
  const key = `${op} ${response.status} ${typeof message === 'string' ? message : ''}`.trim();
  ctx.unexpected.set(key, (ctx.unexpected.get(key) ?? 0) + 1);
}

/**
 * A candidate of the planner: a full hour of the booking range in one room. Half of them fall in
 * six hot hours of the first day, so bookings, holds and submits race for the same places.
 */
function candidate(ctx: OperationContext) {
  const { random, world, rangeStartMs, rangeDays } = ctx;
  const hour = random.chance(0.5) ? random.int(9, 14) : random.int(0, rangeDays * 24 - 1);
  const startMs = rangeStartMs + hour * HOUR_MS;
  const room = random.pick(Object.values(world.planner.resources));
  return {
    calendarId: world.planner.calendarId,
    appointmentTypeId: world.planner.appointmentTypeId,
    resourceId: room,
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + BOOKING_MINUTES * 60_000).toISOString(),
  };
}

/** Posts a booking with a new key, retrying with the same key; records it when acknowledged. */
async function book(ctx: OperationContext, op: string, token: string, body: object): Promise<SoakResponse> {
  const key = ctx.nextKey();
  const request: SoakRequest = {
    method: 'POST',
    path: '/connect/calendar_bookings/',
    headers: { ...bearer(token), 'idempotency-key': key },
    body,
  };
  const { response, instance } = await ctx.client.sendAny(op, request, true);
  note(ctx, op, response);
  if (!ok(response)) return response;
  ctx.ledger.booked(token === PLANNER_TOKEN ? 'planner' : 'near', response.body);
  if (ctx.random.chance(0.15)) {
    // The client lost the answer and sends the request again, to the other instance.
    ctx.replays.sent++;
    const replay = await ctx.client.sendAny(`${op} replay`, request, true, instance);
    if (!ok(replay.response) || field(replay.response, 'id') !== field(response, 'id')) {
      const got = replay.response.kind === 'answer' ? replay.response.status : replay.response.reason;
      ctx.replays.mismatches.push(`key ${key}: first ${field(response, 'id')}, replay ${got}`);
    }
  }
  return response;
}

const availability: Operation = async (ctx) => {
  const day = ctx.rangeStartMs + ctx.random.int(0, ctx.rangeDays - 1) * DAY_MS;
  const query = new URLSearchParams({
    calendarId: ctx.world.planner.calendarId,
    appointmentTypeId: ctx.world.planner.appointmentTypeId,
    start: new Date(day).toISOString(),
    end: new Date(day + DAY_MS).toISOString(),
  });
  const request: SoakRequest = {
    method: 'GET',
    path: `/connect/availability/?${query}`,
    headers: bearer(PLANNER_TOKEN),
  };
  note(ctx, 'availability', (await ctx.client.sendAny('availability', request, true)).response);
};

const plannerBooking: Operation = async (ctx) => {
  const entryId = ctx.random.chance(0.2) ? ctx.ledger.someEntry((n) => ctx.random.int(0, n - 1)) : undefined;
  await book(ctx, 'book', PLANNER_TOKEN, { ...candidate(ctx), ...(entryId ? { entryId } : {}) });
};

const holdThenBook: Operation = async (ctx) => {
  const slot = candidate(ctx);
  const { response, instance } = await ctx.client.sendAny(
    'hold',
    {
      method: 'POST',
      path: '/connect/booking_holds/',
      headers: bearer(PLANNER_TOKEN),
      body: { ...slot, ttlSeconds: 60 },
    },
    false,
  );
  note(ctx, 'hold', response);
  if (!ok(response)) return;
  const holdId = field(response, 'id');
  if (ctx.random.chance(0.2)) {
    const release = {
      method: 'DELETE',
      path: `/connect/booking_holds/${holdId}`,
      headers: bearer(PLANNER_TOKEN),
    } as const;
    note(ctx, 'release hold', await ctx.client.send('release hold', instance, release));
    return;
  }
  await book(ctx, 'book held', PLANNER_TOKEN, { ...slot, holdId });
};

/** Runs `write` on a booking of `kind` held for the operation; a write without an answer makes it unsure. */
async function withBooking(
  ctx: OperationContext,
  kind: 'planner' | 'near',
  accept: (booking: { startMs: number }) => boolean,
  write: (id: string) => Promise<void>,
): Promise<void> {
  const booking = ctx.ledger.take(kind, (n) => ctx.random.int(0, n - 1), accept);
  if (!booking) return;
  try {
    await write(booking.id);
  } finally {
    ctx.ledger.release(booking.id);
  }
}

async function reschedule(ctx: OperationContext, op: string, token: string, id: string, body: object) {
  const request: SoakRequest = {
    method: 'PATCH',
    path: `/connect/calendar_bookings/${id}`,
    headers: bearer(token),
    body,
  };
  const { response, earlierFailed } = await ctx.client.sendAny(op, request, false);
  note(ctx, op, response);
  if (ok(response)) ctx.ledger.moved(id, field(response, 'startDateTime'), field(response, 'endDateTime'));
  else if (earlierFailed || response.kind === 'failure' || response.status >= 500) ctx.ledger.unsure(id);
}

async function remove(ctx: OperationContext, op: string, token: string, id: string) {
  const request: SoakRequest = {
    method: 'DELETE',
    path: `/connect/calendar_bookings/${id}`,
    headers: bearer(token),
  };
  const { response, earlierFailed } = await ctx.client.sendAny(op, request, true);
  if (ok(response)) ctx.ledger.deleted(id, Date.now());
  // A retry finds it gone: the attempt that got no answer deleted it.
  else if (earlierFailed && response.kind === 'answer' && response.status === 404)
    ctx.ledger.deleted(id, Date.now());
  else {
    note(ctx, op, response);
    ctx.ledger.unsure(id);
  }
}

const plannerReschedule: Operation = (ctx) =>
  withBooking(
    ctx,
    'planner',
    () => true,
    (id) => {
      const { resourceId, startDateTime, endDateTime } = candidate(ctx);
      return reschedule(ctx, 'reschedule', PLANNER_TOKEN, id, { resourceId, startDateTime, endDateTime });
    },
  );

const plannerDelete: Operation = (ctx) =>
  withBooking(
    ctx,
    'planner',
    () => true,
    (id) => remove(ctx, 'delete', PLANNER_TOKEN, id),
  );

/** A near interval: starting 2 to 8 seconds from now, lasting 1 to 6 seconds. */
function nearInterval(ctx: OperationContext) {
  const startMs = Date.now() + ctx.random.int(2_000, 8_000);
  return {
    startDateTime: new Date(startMs).toISOString(),
    endDateTime: new Date(startMs + ctx.random.int(1_000, 6_000)).toISOString(),
  };
}

const nearBooking: Operation = async (ctx) => {
  await book(ctx, 'near book', LEGACY_TOKEN, {
    calendarId: ctx.world.legacy.calendarId,
    ...nearInterval(ctx),
  });
};

const nearChange: Operation = (ctx) =>
  withBooking(
    ctx,
    'near',
    // Only bookings that have not started (by a margin): a started one cannot be moved.
    (booking) => booking.startMs > Date.now() + 1_500,
    (id) =>
      ctx.random.chance(0.5)
        ? remove(ctx, 'near delete', LEGACY_TOKEN, id)
        : reschedule(ctx, 'near reschedule', LEGACY_TOKEN, id, nearInterval(ctx)),
  );

const lead: Operation = async (ctx) => {
  const { tableId, leadStateId } = ctx.world.planner;
  const request: SoakRequest = {
    method: 'POST',
    path: '/connect/table_entries/',
    headers: bearer(PLANNER_TOKEN),
    body: {
      tableId,
      leadStateId,
      data: { email: `lead${ctx.random.int(0, 1e6)}@example.com`, source: 'soak' },
    },
  };
  const { response } = await ctx.client.sendAny('lead', request, false);
  note(ctx, 'lead', response);
  if (ok(response)) ctx.ledger.entry(field(response, 'id'));
};

const submit: Operation = async (ctx) => {
  const { resourceId: _any, ...bookingSlot } = candidate(ctx);
  const { form } = ctx.world;
  const request: SoakRequest = {
    method: 'POST',
    path: `/public/forms/${form.id}/submit`,
    body: { data: { [form.emailField]: `visitor${ctx.random.int(0, 1e6)}@example.com` }, bookingSlot },
  };
  const { response } = await ctx.client.sendAny('submit', request, false);
  note(ctx, 'submit', response);
  if (ok(response)) ctx.ledger.submission(field(response, 'submissionId'));
};

const ingress: Operation = async (ctx) => {
  const { id, token } = ctx.world.ingress;
  const request: SoakRequest = {
    method: 'POST',
    path: `/public/ingress_webhooks/${id}`,
    headers: { 'x-service-ingress-token': token },
    body: { data: { email: `ingress${ctx.random.int(0, 1e6)}@example.com`, source: 'soak' } },
  };
  const { response } = await ctx.client.sendAny('ingress', request, false);
  note(ctx, 'ingress', response);
  if (ok(response)) ctx.ledger.entry(field(response, 'id'));
};

/** The mix: each operation with its weight. */
export const OPERATIONS = {
  availability: { weight: 20, run: availability },
  book: { weight: 18, run: plannerBooking },
  holdThenBook: { weight: 8, run: holdThenBook },
  reschedule: { weight: 8, run: plannerReschedule },
  delete: { weight: 10, run: plannerDelete },
  nearBooking: { weight: 10, run: nearBooking },
  nearChange: { weight: 4, run: nearChange },
  lead: { weight: 6, run: lead },
  submit: { weight: 6, run: submit },
  ingress: { weight: 8, run: ingress },
} as const satisfies Record<string, { weight: number; run: Operation }>;
