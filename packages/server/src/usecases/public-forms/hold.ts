/**
 * `POST /public/forms/:id/holds` (extension): holds the slot a visitor picked, checked as submit
 * checks a `bookingSlot`. One active hold per form and client: a new one replaces the previous.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { BookingHold, PublicHoldBody } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { placeHold } from '../holds';
import type { FormRecord } from '../../ports/records';
import { checkOfferedSlot, resolveStudio } from './submit-checks';

/**
 * The holder of a public client: the form and a digest of the client IP (the IP itself is not
 * stored). Clients without a known IP share one holder per form.
 */
export const publicHolder = (formId: string, clientIp: string | undefined): string =>
  `form:${formId}:${createHash('sha256')
    .update(clientIp ?? 'unknown')
    .digest('hex')
    .slice(0, 32)}`;

/**
 * Holds a slot for a visitor on a published form (the route's guard loaded it).
 *
 * @throws ServiceError: the 400s of submit's slot checks (its step 7), 400 `slotUnavailable`
 *   when no resource has room, 400 `outsideBookingWindow`.
 */
export async function holdPublicSlot(
  ctx: ServiceContext,
  form: FormRecord,
  body: PublicHoldBody,
  clientIp: string | undefined,
): Promise<BookingHold> {
  const studioId = resolveStudio(form, body.studioId);
  const holder = publicHolder(form.id, clientIp);
  const slot = await readTx(ctx, async (tx) => {
    const nowMs = ctx.clock.now();
    // The client's previous hold is replaced, so it does not stand in the way of the new one.
    const previous = await tx.holds.listActiveByHolder(form.organizationId, holder, nowMs);
    return checkOfferedSlot(tx, form, {
      slot: body,
      studioId,
      fieldId: body.fieldId,
      nowMs,
      released: previous.map((hold) => hold.id),
    });
  });
  return placeHold(ctx, {
    organizationId: form.organizationId,
    holder,
    policy: 'replace',
    calendarId: slot.calendarId,
    appointmentTypeId: slot.appointmentTypeId,
    resourceIds: slot.resourceIds,
    startMs: Date.parse(slot.startDateTime),
    endMs: Date.parse(slot.endDateTime),
    publicOnly: true,
    ttlSeconds: body.ttlSeconds,
  });
}
