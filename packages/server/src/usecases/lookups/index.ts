/**
 * Reads of appointment types, resources, slots, blockers and mappings.
 *
 * @module
 */
import type {
  AppointmentType,
  AppointmentTypeResourceMapping,
  AppointmentTypeResourceMappingsQuery,
  Resource,
  ResourceCalendarMapping,
  ResourceCalendarMappingsQuery,
  ResourceSlot,
  ResourceSlotBlocker,
  ResourceSlotBlockersQuery,
  ResourceSlotsQuery,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { AppointmentTypeRecord } from '../../ports/records';

const read = <T>(ctx: ServiceContext, fn: Parameters<ServiceContext['storage']['transaction']>[0]) =>
  readTx(ctx, fn) as Promise<T>;

/** The Connect shape of an appointment type: without its meeting setting (a console matter). */
const connectType = ({ meetings: _setting, ...type }: AppointmentTypeRecord): AppointmentType => type;

/** The organization's appointment types. */
export const listAppointmentTypes = (ctx: ServiceContext, org: string) =>
  read<AppointmentType[]>(ctx, async (tx) => (await tx.appointmentTypes.list(org)).map(connectType));

/** One appointment type; 404 when it is not the organization's. */
export const getAppointmentType = (ctx: ServiceContext, org: string, id: string) =>
  read<AppointmentType>(ctx, async (tx) => {
    const type = await tx.appointmentTypes.get(org, id);
    if (!type) throw notFound('Appointment type');
    return connectType(type);
  });

/** The organization's resources. */
export const listResources = (ctx: ServiceContext, org: string) =>
  read<Resource[]>(ctx, (tx) => tx.resources.list(org));

/** One resource; 404 when it is not the organization's. */
export const getResource = (ctx: ServiceContext, org: string, id: string) =>
  read<Resource>(
    ctx,
    async (tx) => (await tx.resources.get(org, id)) ?? Promise.reject(notFound('Resource')),
  );

/** Resource slots, optionally of one calendar or resource. */
export const listResourceSlots = (ctx: ServiceContext, org: string, query: ResourceSlotsQuery) =>
  read<ResourceSlot[]>(ctx, (tx) => tx.resourceSlots.list(org, query));

/** Blockers, optionally of one calendar or resource. */
export const listBlockers = (ctx: ServiceContext, org: string, query: ResourceSlotBlockersQuery) =>
  read<ResourceSlotBlocker[]>(ctx, (tx) => tx.blockers.list(org, query));

/** Resource-calendar mappings, filtered by either side. */
export const listResourceCalendarMappings = (
  ctx: ServiceContext,
  org: string,
  query: ResourceCalendarMappingsQuery,
) => read<ResourceCalendarMapping[]>(ctx, (tx) => tx.resourceCalendarMappings.list(org, query));

/**
 * Appointment-type-resource mappings. With `calendarId`, only mappings whose resource is mapped to
 * that calendar: the appointment types bookable there.
 */
export const listAppointmentTypeResourceMappings = (
  ctx: ServiceContext,
  org: string,
  { calendarId, ...filter }: AppointmentTypeResourceMappingsQuery,
) =>
  read<AppointmentTypeResourceMapping[]>(ctx, async (tx) => {
    const mappings = await tx.appointmentTypeResourceMappings.list(org, filter);
    if (!calendarId) return mappings;
    const onCalendar = new Set(
      (await tx.resourceCalendarMappings.list(org, { calendarId })).map((mapping) => mapping.resourceId),
    );
    return mappings.filter((mapping) => onCalendar.has(mapping.resourceId));
  });
