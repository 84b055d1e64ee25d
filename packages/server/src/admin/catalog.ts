/**
 * Console actions on calendars, schedule types, appointment types, resources, slots, blockers and
 * mappings. Each `...Tx` function runs inside a caller's transaction, so `seed()` can compose them.
 *
 * @module
 */
import {
  AppointmentTypeInputSchema,
  BlockerInputSchema,
  CalendarInputSchema,
  ResourceInputSchema,
  ResourceSlotInputSchema,
  ScheduleTypeInputSchema,
  type AppointmentTypeInput,
  type BlockerInput,
  type CalendarInput,
  type ResourceInput,
  type ResourceSlotInput,
  type ScheduleTypeInput,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type {
  AppointmentTypeRecord,
  AppointmentTypeResourceMappingRecord,
  BlockerRecord,
  CalendarRecord,
  ResourceCalendarMappingRecord,
  ResourceRecord,
  ResourceSlotRecord,
  ScheduleTypeRecord,
} from '../ports/records';
import type { Repositories } from '../ports/storage';
import { rulesSet } from './booking-rules';
import { mustGet, mustGetOrganization } from './access';
import { parseInput } from './parse';

type Ctx = ServiceContext;
type Tx = Repositories;

async function freshId(
  ctx: Ctx,
  tx: Tx,
  given: string | undefined,
  exists: (id: string) => Promise<unknown>,
) {
  const id = given ?? ctx.newId();
  if (given && (await exists(id))) throw new ServiceError('validation', `Id ${id} is already in use`);
  return id;
}

/** Creates a calendar. */
export async function createCalendarTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: CalendarInput,
): Promise<CalendarRecord> {
  const p = parseInput(CalendarInputSchema, input, 'calendar');
  await mustGetOrganization(tx, org);
  const now = nowIso(ctx);
  const id = await freshId(ctx, tx, p.id, (i) => tx.calendars.get(org, i));
  const record = {
    id,
    organizationId: org,
    name: p.name,
    color: p.color,
    tzdata: p.tzdata,
    archived: p.archived,
    createdAt: now,
    updatedAt: now,
  };
  await tx.calendars.create(record);
  return record;
}

/** Creates a legacy schedule type on a calendar. */
export async function createScheduleTypeTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: ScheduleTypeInput,
): Promise<ScheduleTypeRecord> {
  const p = parseInput(ScheduleTypeInputSchema, input, 'schedule type');
  await mustGet(tx, 'calendars', org, p.calendarId);
  const id = await freshId(ctx, tx, p.id, (i) => tx.scheduleTypes.get(org, i));
  const record = { id, organizationId: org, calendarId: p.calendarId, name: p.name, color: p.color };
  await tx.scheduleTypes.create(record);
  return record;
}

/** Creates an appointment type. */
export async function createAppointmentTypeTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: AppointmentTypeInput,
): Promise<AppointmentTypeRecord> {
  const p = parseInput(AppointmentTypeInputSchema, input, 'appointment type');
  await mustGetOrganization(tx, org);
  const now = nowIso(ctx);
  const id = await freshId(ctx, tx, p.id, (i) => tx.appointmentTypes.get(org, i));
  const record = {
    id,
    organizationId: org,
    name: p.name,
    color: p.color,
    bookingLength: p.bookingLength,
    searchLength: p.searchLength,
    archived: false,
    createdAt: now,
    updatedAt: now,
    ...rulesSet(p),
  };
  await tx.appointmentTypes.create(record);
  return record;
}

/**
 * Deletes an appointment type, its resource mappings, and sets `interestedInAppointmentTypeId` to
 * null on every lead that pointed at it.
 */
export async function deleteAppointmentTypeTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  id: string,
): Promise<{ clearedEntries: number }> {
  await mustGet(tx, 'appointmentTypes', org, id);
  for (const mapping of await tx.appointmentTypeResourceMappings.list(org, { appointmentTypeId: id })) {
    await tx.appointmentTypeResourceMappings.delete(org, mapping.id);
  }
  const clearedEntries = await tx.entries.clearAppointmentType(org, id, nowIso(ctx));
  await tx.notificationSettings.delete(org, id);
  await tx.appointmentTypes.delete(org, id);
  return { clearedEntries };
}

/** Links a resource to a calendar (idempotent: an existing link is returned). */
export async function linkResourceToCalendarTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  { resourceId, calendarId }: { resourceId: string; calendarId: string },
): Promise<ResourceCalendarMappingRecord> {
  await mustGet(tx, 'resources', org, resourceId);
  await mustGet(tx, 'calendars', org, calendarId);
  const [existing] = await tx.resourceCalendarMappings.list(org, { resourceId, calendarId });
  if (existing) return existing;
  const record = { id: ctx.newId(), organizationId: org, resourceId, calendarId, createdAt: nowIso(ctx) };
  await tx.resourceCalendarMappings.create(record);
  return record;
}

/** Links an appointment type to a resource (idempotent). */
export async function linkAppointmentTypeToResourceTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  { appointmentTypeId, resourceId }: { appointmentTypeId: string; resourceId: string },
): Promise<AppointmentTypeResourceMappingRecord> {
  await mustGet(tx, 'appointmentTypes', org, appointmentTypeId);
  await mustGet(tx, 'resources', org, resourceId);
  const [existing] = await tx.appointmentTypeResourceMappings.list(org, { appointmentTypeId, resourceId });
  if (existing) return existing;
  const record = {
    id: ctx.newId(),
    organizationId: org,
    appointmentTypeId,
    resourceId,
    createdAt: nowIso(ctx),
  };
  await tx.appointmentTypeResourceMappings.create(record);
  return record;
}

/** Creates a resource and the mappings named by `calendarIds` and `appointmentTypeIds`. */
export async function createResourceTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: ResourceInput,
): Promise<ResourceRecord> {
  const p = parseInput(ResourceInputSchema, input, 'resource');
  await mustGetOrganization(tx, org);
  const now = nowIso(ctx);
  const id = await freshId(ctx, tx, p.id, (i) => tx.resources.get(org, i));
  const record = {
    id,
    organizationId: org,
    name: p.name,
    color: p.color,
    maxParallelBookings: p.maxParallelBookings,
    archived: false,
    createdAt: now,
    updatedAt: now,
  };
  await tx.resources.create(record);
  for (const calendarId of p.calendarIds)
    await linkResourceToCalendarTx(ctx, tx, org, { resourceId: id, calendarId });
  for (const appointmentTypeId of p.appointmentTypeIds)
    await linkAppointmentTypeToResourceTx(ctx, tx, org, { appointmentTypeId, resourceId: id });
  return record;
}

/** Creates a weekly resource slot on a calendar. */
export async function createResourceSlotTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: ResourceSlotInput,
): Promise<ResourceSlotRecord> {
  const p = parseInput(ResourceSlotInputSchema, input, 'resource slot');
  await mustGet(tx, 'calendars', org, p.calendarId);
  await mustGet(tx, 'resources', org, p.resourceId);
  const now = nowIso(ctx);
  const id = await freshId(ctx, tx, p.id, (i) => tx.resourceSlots.get(org, i));
  const record = { ...p, id, organizationId: org, createdAt: now, updatedAt: now };
  await tx.resourceSlots.create(record);
  return record;
}

/** Creates a blocker over a calendar or one resource. */
export async function createBlockerTx(
  ctx: Ctx,
  tx: Tx,
  org: string,
  input: BlockerInput,
): Promise<BlockerRecord> {
  const p = parseInput(BlockerInputSchema, input, 'blocker');
  await mustGet(tx, 'calendars', org, p.calendarId);
  if (p.resourceId) await mustGet(tx, 'resources', org, p.resourceId);
  const now = nowIso(ctx);
  const id = await freshId(ctx, tx, p.id, (i) => tx.blockers.get(org, i));
  const record = {
    ...p,
    id,
    organizationId: org,
    startDateTime: new Date(p.startDateTime).toISOString(),
    endDateTime: new Date(p.endDateTime).toISOString(),
    createdAt: now,
    updatedAt: now,
  };
  await tx.blockers.create(record);
  return record;
}
