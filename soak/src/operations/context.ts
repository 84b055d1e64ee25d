/**
 * What the operations share: their context, and the writes several of them make (a booking with an
 * `Idempotency-Key`, a reschedule, a delete) with what each tells the ledger.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import type { SoakClient, SoakRequest, SoakResponse } from '../client';
import { PLANNER_TOKEN, type SoakWorld } from '../fixture';
import type { Ledger } from '../ledger';
import type { Random } from '../random';

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

/** The Authorization header of `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Whether `response` is a 2xx answer. */
export const ok = (response: SoakResponse): response is { kind: 'answer'; status: number; body: never } =>
  response.kind === 'answer' && response.status >= 200 && response.status < 300;
/** A string field of a JSON answer. */
export const field = (response: SoakResponse, name: string): string =>
  String((response as { body: Record<string, unknown> }).body[name]);

/** Counts an answer that is neither a success, an expected refusal, nor a failure to reach the service. */
export function note(ctx: OperationContext, op: string, response: SoakResponse): void {
  if (response.kind !== 'answer' || response.status < 400 || response.status >= 500) return;
  const message = (response.body as { message?: unknown } | undefined)?.message;
  if (response.status === 400 && message === ErrorMessages.slotUnavailable) return;
  const key = `${op} ${response.status} ${typeof message === 'string' ? message : ''}`.trim();
  ctx.unexpected.set(key, (ctx.unexpected.get(key) ?? 0) + 1);
}

/** Posts a booking with a new key, retrying with the same key; records it when acknowledged. */
export async function book(
  ctx: OperationContext,
  op: string,
  token: string,
  body: object,
): Promise<SoakResponse> {
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

/** Runs `write` on a booking of `kind` held for the operation; a write without an answer makes it unsure. */
export async function withBooking(
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

/** Reschedules booking `id`; an unanswered attempt makes it unsure. */
export async function reschedule(ctx: OperationContext, op: string, token: string, id: string, body: object) {
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

/** Deletes booking `id`, retrying on the other instance; a 404 after a failed attempt counts as deleted. */
export async function remove(ctx: OperationContext, op: string, token: string, id: string) {
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
