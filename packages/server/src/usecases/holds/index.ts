/**
 * Slot holds (extension): `POST /connect/booking_holds/`, `DELETE /connect/booking_holds/:id`
 * and, through `public-forms/hold.ts`, `POST /public/forms/:id/holds`. A hold keeps one place of a
 * candidate for a few minutes: until it expires, availability, bookings and other holds count it
 * like a booking of the same interval and buffers. No job releases it: an expired hold simply stops
 * counting, and the next hold placed in the organization deletes it.
 *
 * @module
 */
import {
  DEFAULT_HOLD_TTL_SECONDS,
  ErrorMessages,
  MAX_ACTIVE_HOLDS_PER_TOKEN,
  type BookingHold,
  type CreateBookingHoldBody,
} from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../../core/context';
import { isServiceError, notFound, slotUnavailable, validationError } from '../../core/errors';
import { runUnit } from '../../core/unit-of-work';
import type { HoldRecord } from '../../ports/records';
import { buffersOf } from '../availability';
import { checkPlannerInterval, invalid } from '../bookings/checks';

/** What to hold. */
export interface HoldRequest {
  /** The organization. */
  organizationId: string;
  /** Who holds: bounds the holds per holder (`token:<id>`, `form:<id>:<client>`). */
  holder: string;
  /**
   * `replace`: the holder's active holds are released first (one per public client); `limit`: at
   * most {@link MAX_ACTIVE_HOLDS_PER_TOKEN} active holds, then 400 `tooManyHolds`.
   */
  policy: 'replace' | 'limit';
  calendarId: string;
  appointmentTypeId: string;
  /** The resources to try, in order: the first with room is held. */
  resourceIds: readonly string[];
  resourceSlotId?: string | undefined;
  startMs: number;
  endMs: number;
  /** Only publicly bookable slots. */
  publicOnly: boolean;
  /** Seconds the hold lasts. */
  ttlSeconds?: number | undefined;
}

const toHold = (record: HoldRecord): BookingHold => ({
  id: record.id,
  calendarId: record.calendarId,
  appointmentTypeId: record.appointmentTypeId,
  resourceId: record.resourceId,
  resourceSlotId: record.resourceSlotId,
  startDateTime: record.startDateTime,
  endDateTime: record.endDateTime,
  expiresAt: record.expiresAt,
});

/**
 * Places a hold under the locks of its holder and of the resources tried, with the same checks as a
 * booking (the candidate, the booking window, room left with other holds counted).
 *
 * @throws ServiceError: 400 `slotUnavailable` when no resource has room, `outsideBookingWindow`,
 *   `tooManyHolds`, or a 400 for an interval that is not a candidate; 404 for an unknown calendar
 *   or type.
 */
export async function placeHold(ctx: ServiceContext, request: HoldRequest): Promise<BookingHold> {
  try {
    const hold = await placeHoldUnit(ctx, request);
    ctx.telemetry.holdsPlaced.add(1, { 'leadbook.hold.outcome': 'placed' });
    return hold;
  } catch (error) {
    ctx.telemetry.holdsPlaced.add(1, { 'leadbook.hold.outcome': holdRefusal(error) });
    throw error;
  }
}

/** The `leadbook.hold.outcome` of a hold that was not placed. */
const holdRefusal = (error: unknown) =>
  !isServiceError(error)
    ? 'failed'
    : error.message === ErrorMessages.slotUnavailable
      ? 'unavailable'
      : 'refused';

/** {@link placeHold}'s unit. */
async function placeHoldUnit(ctx: ServiceContext, request: HoldRequest): Promise<BookingHold> {
  const org = request.organizationId;
  return runUnit(
    ctx,
    async (tx) => {
      const nowMs = ctx.clock.now();
      await tx.holds.deleteExpired(org, nowMs);
      const active = await tx.holds.listActiveByHolder(org, request.holder, nowMs);
      if (request.policy === 'replace') {
        for (const hold of active) await tx.holds.delete(org, hold.id);
      } else if (active.length >= MAX_ACTIVE_HOLDS_PER_TOKEN) {
        throw validationError(ErrorMessages.tooManyHolds);
      }
      for (const resourceId of request.resourceIds) {
        let checked;
        try {
          checked = await checkPlannerInterval(tx, org, {
            calendarId: request.calendarId,
            appointmentTypeId: request.appointmentTypeId,
            resourceId,
            resourceSlotId: request.resourceSlotId,
            startMs: request.startMs,
            endMs: request.endMs,
            publicOnly: request.publicOnly,
            nowMs,
          });
        } catch (error) {
          // Full: the next resource may have room. Nothing was written by the check.
          if (isServiceError(error) && error.message === ErrorMessages.slotUnavailable) continue;
          throw error;
        }
        const ttlMs = (request.ttlSeconds ?? DEFAULT_HOLD_TTL_SECONDS) * 1000;
        const { bufferBeforeMs = 0, bufferAfterMs = 0 } = buffersOf(checked.appointmentType);
        const record: HoldRecord = {
          id: ctx.newId(),
          organizationId: org,
          holder: request.holder,
          calendarId: request.calendarId,
          appointmentTypeId: request.appointmentTypeId,
          resourceId,
          resourceSlotId: checked.resourceSlotId,
          startDateTime: new Date(request.startMs).toISOString(),
          endDateTime: new Date(request.endMs).toISOString(),
          startMs: request.startMs,
          endMs: request.endMs,
          bufferBeforeMs,
          bufferAfterMs,
          expiresMs: nowMs + ttlMs,
          expiresAt: new Date(nowMs + ttlMs).toISOString(),
          createdAt: nowIso(ctx),
        };
        await tx.holds.create(record);
        return toHold(record);
      }
      throw slotUnavailable();
    },
    // The holder's lock too: its count (`limit`) or its release (`replace`) and the insert must not
    // interleave with another hold of the same holder, which the resource locks alone allow when
    // the two holds are of different resources.
    { lockKeys: [`holder:${request.holder}`, ...request.resourceIds.map((id) => `resource:${id}`)] },
  );
}

/** `POST /connect/booking_holds/`: a hold of the token, at most 100 active per token. */
export async function createConnectHold(
  ctx: ServiceContext,
  {
    organizationId,
    apiTokenId,
    body,
  }: { organizationId: string; apiTokenId: string; body: CreateBookingHoldBody },
): Promise<BookingHold> {
  const organization = await readTx(ctx, (tx) => tx.organizations.get(organizationId));
  if (!organization?.resourcePlanner) {
    throw invalid('resourceId', 'Holds are for organizations on the resource planner');
  }
  return placeHold(ctx, {
    organizationId,
    holder: `token:${apiTokenId}`,
    policy: 'limit',
    calendarId: body.calendarId,
    appointmentTypeId: body.appointmentTypeId,
    resourceIds: [body.resourceId],
    resourceSlotId: body.resourceSlotId,
    startMs: Date.parse(body.startDateTime),
    endMs: Date.parse(body.endDateTime),
    publicOnly: false,
    ttlSeconds: body.ttlSeconds,
  });
}

/** `DELETE /connect/booking_holds/:id`: releases a hold of the organization (404 when unknown). */
export async function releaseHold(ctx: ServiceContext, organizationId: string, id: string): Promise<void> {
  const deleted = await ctx.storage.transaction((tx) => tx.holds.delete(organizationId, id));
  if (!deleted) throw notFound('Hold');
}
