/**
 * Bookings: create with the capacity rechecked inside the transaction, delete, and
 * the `hasStarted`/`hasEnded` timers.
 *
 * @module
 */
import {
  type CalendarBooking,
  type CreateCalendarBookingBody,
  type TriggerContext,
} from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../../core/context';
import { assertResourceExternallyFree } from '../external-calendars';
import { notFound } from '../../core/errors';
import { IDEMPOTENCY_TTL_MS, replayed, requestHash } from '../../core/idempotency';
import { runUnit, type Unit } from '../../core/unit-of-work';
import type { UnitJobs } from '../../core/unit-jobs';
import type {
  AppointmentTypeRecord,
  BookingRecord,
  CalendarRecord,
  OrganizationRecord,
  ResourceRecord,
  TableEntryRecord,
} from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { buffersOf } from '../availability';
import { checkPlannerInterval, invalid, usableHold } from './checks';
import { bookingResponse } from './response';
import { meetingLockKey, plannedMeeting, releaseMeeting, scheduleMeeting } from '../meetings';
import { releaseCalendarEvent, scheduleCalendarEvent } from '../calendar-writeback';
import { APPOINTMENT_JOB_TYPES, appointmentJobKey, type AppointmentJobPayload } from './scheduled-events';
import { inviteSequence, planCreatedNotifications, planDeletedNotifications } from '../notifications';

const IDEMPOTENCY_SCOPE = 'createCalendarBooking';

/** What the checks of one booking read, in one go (one round trip where the storage batches reads). */
interface BookingReads {
  /** The lead entry the body links (`entryId` or `tableEntryId`), or null. */
  entryId: string | null;
  org: OrganizationRecord | null;
  entry: TableEntryRecord | null;
  resource: ResourceRecord | null;
  calendar: CalendarRecord | null;
  appointmentType: AppointmentTypeRecord | null;
}

async function readForBooking(
  tx: Repositories,
  org: string,
  body: CreateCalendarBookingBody,
): Promise<BookingReads> {
  const entryId = body.entryId ?? body.tableEntryId ?? null;
  const [orgRecord, entry, resource, calendar, appointmentType] = await Promise.all([
    tx.organizations.get(org),
    entryId ? tx.entries.get(org, entryId) : null,
    body.resourceId ? tx.resources.get(org, body.resourceId) : null,
    tx.calendars.get(org, body.calendarId),
    body.appointmentTypeId ? tx.appointmentTypes.get(org, body.appointmentTypeId) : null,
  ]);
  return { entryId, org: orgRecord, entry, resource, calendar, appointmentType };
}

/**
 * The planner checks: the interval must be a candidate of a slot of the resource that has not
 * started yet (`nowMs`), inside the type's booking window, with room left; a hold the body names
 * (and that still counts) lends its place.
 */
async function checkPlannerSlot(
  tx: Repositories,
  org: string,
  { body, publicOnly, nowMs }: { body: CreateCalendarBookingBody; publicOnly: boolean; nowMs: number },
  reads: BookingReads,
) {
  if (!body.resourceId)
    throw invalid('resourceId', 'resourceId is required for organizations on the resource planner');
  if (!body.appointmentTypeId) {
    throw invalid(
      'appointmentTypeId',
      'appointmentTypeId is required for organizations on the resource planner',
    );
  }
  if (body.scheduleTypeId || body.scheduleTypeSlotId) {
    throw invalid(
      'scheduleTypeId',
      'Legacy schedule types are only for organizations not on the resource planner',
    );
  }
  const startMs = Date.parse(body.startDateTime);
  const endMs = Date.parse(body.endDateTime);
  if (!reads.resource) throw notFound('Resource');
  const wanted = {
    calendarId: body.calendarId,
    appointmentTypeId: body.appointmentTypeId,
    resourceId: body.resourceId,
    startMs,
    endMs,
    nowMs,
  };
  const hold = await usableHold(tx, org, body.holdId, wanted);
  const checked = await checkPlannerInterval(tx, org, {
    ...wanted,
    resourceSlotId: body.resourceSlotId,
    publicOnly,
    excludeIds: hold ? new Set([hold.id]) : undefined,
    preloaded: { calendar: reads.calendar, appointmentType: reads.appointmentType },
  });
  // A used hold is gone with the booking; an expired one named by the body is cleared too.
  if (body.holdId) await tx.holds.delete(org, body.holdId);
  return { startMs, endMs, resourceSlotId: checked.resourceSlotId };
}

async function checkLegacy(
  tx: Repositories,
  org: string,
  body: CreateCalendarBookingBody,
  reads: BookingReads,
) {
  if (body.resourceId || body.appointmentTypeId || body.resourceSlotId) {
    throw invalid('resourceId', 'The organization is not on the resource planner; use scheduleTypeId');
  }
  if (body.holdId) throw invalid('holdId', 'Holds are for organizations on the resource planner');
  if (!reads.calendar) throw notFound('Calendar');
  if (body.scheduleTypeId) {
    const type = await tx.scheduleTypes.get(org, body.scheduleTypeId);
    if (!type || type.calendarId !== body.calendarId)
      throw invalid('scheduleTypeId', 'Unknown schedule type of this calendar');
  }
  return {
    startMs: Date.parse(body.startDateTime),
    endMs: Date.parse(body.endDateTime),
    resourceSlotId: null,
  };
}

/** One booking to create. */
export interface BookingRequest {
  /** The booking's organization. */
  organizationId: string;
  /** The validated request body. */
  body: CreateCalendarBookingBody;
  /** Who asked (goes into the events). */
  trigger: TriggerContext;
  /** Only resource slots marked publicly bookable count (form submissions). */
  publicOnly?: boolean;
}

async function insertBooking(
  ctx: ServiceContext,
  { tx, emit }: Pick<Unit, 'tx' | 'emit'>,
  org: OrganizationRecord,
  { body, trigger, publicOnly = false }: BookingRequest,
  reads: BookingReads,
) {
  const { entryId } = reads;
  if (entryId && !reads.entry) throw notFound('Lead entry');
  const slot = org.resourcePlanner
    ? await checkPlannerSlot(tx, org.id, { body, publicOnly, nowMs: ctx.clock.now() }, reads)
    : await checkLegacy(tx, org.id, body, reads);
  const record: BookingRecord = {
    id: ctx.newId(),
    organizationId: org.id,
    calendarId: body.calendarId,
    name: body.name ?? null,
    createdAt: nowIso(ctx),
    startDateTime: new Date(slot.startMs).toISOString(),
    endDateTime: new Date(slot.endMs).toISOString(),
    startMs: slot.startMs,
    endMs: slot.endMs,
    tableEntryId: entryId,
    resourceId: body.resourceId ?? null,
    appointmentTypeId: body.appointmentTypeId ?? null,
    resourceSlotId: slot.resourceSlotId,
    calendarScheduleTypeId: body.scheduleTypeId ?? null,
    calendarScheduleTypeSlotId: body.scheduleTypeSlotId ?? null,
    trigger,
    ...(org.resourcePlanner ? buffersOf(reads.appointmentType) : {}),
    ...plannedMeeting(reads.appointmentType, body.resourceId ?? null),
  };
  await tx.bookings.create(record);
  const booking = await bookingResponse(tx, record);
  await emit('calendar.appointment.booked', org.id, trigger, { booking });
  return booking;
}

/**
 * Schedules `hasStarted` at the start and `hasEnded` at the end, with the unit that writes the booking
 * (in its transaction when the scheduler keeps its jobs in the service's storage).
 */
export async function scheduleAppointmentTimers(
  jobs: UnitJobs,
  booking: CalendarBooking,
  trigger: TriggerContext,
) {
  const payload: AppointmentJobPayload = { booking, trigger };
  // Started together, so a storage may write both in one statement.
  await Promise.all(
    (['hasStarted', 'hasEnded'] as const).map((kind) =>
      jobs.schedule({
        key: appointmentJobKey(booking.id, kind),
        runAt: Date.parse(kind === 'hasStarted' ? booking.startDateTime : booking.endDateTime),
        type: APPOINTMENT_JOB_TYPES[kind],
        payload,
      }),
    ),
  );
}

/**
 * Creates a booking inside a caller's unit (used by Connect and form submissions), with its
 * `hasStarted`/`hasEnded` timers and, when its appointment type has meetings, its meeting job.
 */
export async function createBookingTx(ctx: ServiceContext, unit: Unit, request: BookingRequest) {
  const reads = await readForBooking(unit.tx, request.organizationId, request.body);
  if (!reads.org) throw notFound('Organization');
  const booking = await insertBooking(ctx, unit, reads.org, request, reads);
  await scheduleAppointmentTimers(unit.jobs, booking, request.trigger);
  await scheduleMeeting(ctx, unit.jobs, booking);
  await scheduleCalendarEvent(ctx, unit, booking);
  const { trigger } = request;
  await planCreatedNotifications(ctx, unit, {
    booking,
    sequence: 0,
    trigger,
    formId: trigger.formId ?? null,
  });
  return booking;
}

/**
 * Before the booking's transaction: the resource's external calendars are read for the booking's
 * interval (never from the cache); busy, failed or timed out is a 400 `slotUnavailable`. A repeat
 * of a stored `Idempotency-Key` skips it: it returns the first booking, whatever the calendars say.
 */
async function checkExternalCalendars(
  ctx: ServiceContext,
  { organizationId, body, idempotencyKey }: BookingRequest & { idempotencyKey?: string | undefined },
) {
  if (!ctx.externalCalendars || !body.resourceId) return;
  if (idempotencyKey) {
    const stored = await readTx(ctx, (tx) =>
      tx.idempotency.get(organizationId, IDEMPOTENCY_SCOPE, idempotencyKey),
    );
    if (stored) return;
  }
  const startMs = Date.parse(body.startDateTime);
  const endMs = Date.parse(body.endDateTime);
  await assertResourceExternallyFree(ctx, organizationId, body.resourceId, startMs, endMs);
}

/**
 * `POST /connect/calendar_bookings/`. With an `Idempotency-Key`, a repeat within 24 hours returns
 * the first booking; a key reused with another body is a 400. A resource with linked external
 * calendars is checked against them first (see {@link checkExternalCalendars}).
 */
export async function createBooking(
  ctx: ServiceContext,
  request: BookingRequest & { idempotencyKey?: string | undefined },
): Promise<CalendarBooking> {
  const { organizationId, body, idempotencyKey } = request;
  const hash = idempotencyKey ? requestHash(body) : '';
  await checkExternalCalendars(ctx, request);
  return runUnit(
    ctx,
    async (tx, emit, jobs) => {
      if (idempotencyKey) {
        const previous = await replayed(tx, {
          organizationId,
          scope: IDEMPOTENCY_SCOPE,
          key: idempotencyKey,
          requestHash: hash,
          nowMs: ctx.clock.now(),
        });
        if (previous !== undefined) return previous as CalendarBooking;
      }
      const created = await createBookingTx(ctx, { tx, emit, jobs }, request);
      if (idempotencyKey) {
        await tx.idempotency.save({
          organizationId,
          scope: IDEMPOTENCY_SCOPE,
          key: idempotencyKey,
          requestHash: hash,
          status: 201,
          body: created,
          createdAt: nowIso(ctx),
        });
      }
      return created;
    },
    {
      lockKeys: body.resourceId ? [`resource:${body.resourceId}`] : [`calendar:${body.calendarId}`],
      eventsOf: organizationId,
    },
  );
}

/**
 * `DELETE /connect/calendar_bookings/:id`: hard delete, `calendar.appointment.deleted`, timers
 * cancelled, the meeting's and the external calendar event's deletions scheduled.
 */
export async function deleteBooking(
  ctx: ServiceContext,
  orgId: string,
  id: string,
  trigger: TriggerContext,
): Promise<void> {
  await runUnit(
    ctx,
    async (tx, emit, jobs) => {
      const record = await tx.bookings.get(orgId, id);
      if (!record) throw notFound('Booking');
      const booking = await bookingResponse(tx, await releaseMeeting(ctx, jobs, record));
      await releaseCalendarEvent(ctx, { tx, jobs }, record, booking, trigger);
      await tx.bookings.delete(orgId, id);
      await jobs.cancel(appointmentJobKey(id, 'hasStarted'));
      await jobs.cancel(appointmentJobKey(id, 'hasEnded'));
      const formId = record.trigger.formId ?? null;
      await planDeletedNotifications(
        ctx,
        { tx, jobs },
        { booking, sequence: inviteSequence(record), trigger, formId },
      );
      await emit('calendar.appointment.deleted', orgId, trigger, { booking });
    },
    { eventsOf: orgId, lockKeys: [meetingLockKey(id)] },
  );
}

/** Removes idempotency answers older than the replay window. */
export async function pruneIdempotency(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now() - IDEMPOTENCY_TTL_MS).toISOString();
  return ctx.storage.transaction((tx) => tx.idempotency.deleteOlderThan(cutoff));
}
