/**
 * One valid request per operation of the catalogue: the starting point every fuzz case mutates.
 * A baseline the service accepts takes a mutation of one part (a header, one body key) deep into
 * the handler, where a random request would stop at the first check.
 *
 * The map is typed by `OperationId`, so an operation added to the catalogue without a baseline
 * fails the typecheck; the fuzz test also fails at run time (see {@link missingBaselines}).
 *
 * @module
 */
import { INGRESS_TOKEN_HEADER, operations, type OperationId } from '@leadbook/contract';
import {
  bearer,
  bookableSlot,
  bookingToDelete,
  holdToRelease,
  publicForm,
  publicHold,
  read,
  request,
  someOf,
  submission,
  weekQuery,
} from './baseline-parts';
import { day } from '../time';
import type { Random } from './random';
import type { FuzzRequest } from './request';
import type { FuzzWorld } from './world';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';

/** Builds an operation's baseline; may create what the request needs (a booking to delete). */
export type Baseline = (world: FuzzWorld, random: Random) => FuzzRequest | Promise<FuzzRequest>;

/** Every operation's baseline. */
export const baselines: { readonly [K in OperationId]: Baseline } = {
  listCalendars: () => read(operations.listCalendars),
  getCalendar: () => read(operations.getCalendar, { params: { id: ID.calendarBerlin } }),
  listTables: () => read(operations.listTables),
  getTable: () => read(operations.getTable, { params: { id: ID.table } }),
  listAppointmentTypes: () => read(operations.listAppointmentTypes),
  getAppointmentType: () => read(operations.getAppointmentType, { params: { id: ID.appointmentTypeTrial } }),
  listResources: () => read(operations.listResources),
  getResource: () => read(operations.getResource, { params: { id: ID.resourceRoom } }),
  listResourceSlots: (_, random) =>
    read(operations.listResourceSlots, {
      query: someOf(random, [
        ['calendarId', ID.calendarBerlin],
        ['resourceId', ID.resourceCoach],
      ]),
    }),
  listResourceSlotBlockers: (_, random) =>
    read(operations.listResourceSlotBlockers, { query: someOf(random, [['calendarId', ID.calendarBerlin]]) }),
  listResourceCalendarMappings: (_, random) =>
    read(operations.listResourceCalendarMappings, {
      query: someOf(random, [
        ['calendarId', ID.calendarNewYork],
        ['resourceId', ID.resourceRoom],
      ]),
    }),
  listAppointmentTypeResourceMappings: (_, random) =>
    read(operations.listAppointmentTypeResourceMappings, {
      query: someOf(random, [
        ['calendarId', ID.calendarBerlin],
        ['appointmentTypeId', ID.appointmentTypeClass],
      ]),
    }),
  searchAvailability: (_, random) => read(operations.searchAvailability, { query: weekQuery(random) }),
  createTableEntry: (_, random) =>
    request(operations.createTableEntry, bearer(TOKEN.write), {
      body: {
        json: {
          tableId: ID.table,
          leadStateId: random.pick([ID.leadStateNew, ID.leadStateContacted]),
          data: { email: 'lead@example.com', name: 'Grace Hopper', visits: 3, tags: ['fuzz'] },
          customFieldData: { [ID.customFieldBudget]: 1200, [ID.customFieldPlan]: 'premium' },
          interestedInAppointmentTypeId: ID.appointmentTypeTrial,
        },
      },
    }),
  updateTableEntry: (world, random) =>
    request(operations.updateTableEntry, bearer(TOKEN.write), {
      params: { id: world.entryId },
      body: {
        json: {
          data: { name: 'Patched', profile: { city: 'Berlin', team: null } },
          leadStateId: random.pick([ID.leadStateNew, ID.leadStateContacted, ID.leadStateWon]),
          followUpDate: `${day(3)}T09:00:00.000Z`,
        },
      },
    }),
  createCalendarBooking: (world, random) =>
    request(operations.createCalendarBooking, bearer(TOKEN.write), {
      body: { json: { ...bookableSlot(world, random), name: 'Fuzz booking' } },
    }),
  getCalendarBooking: async (world, random) =>
    read(operations.getCalendarBooking, { params: { id: await bookingToDelete(world, random) } }),
  rescheduleCalendarBooking: async (world, random) => {
    const id = await bookingToDelete(world, random);
    const { startDateTime, endDateTime } = bookableSlot(world, random, 'hall');
    return request(operations.rescheduleCalendarBooking, bearer(TOKEN.write), {
      params: { id },
      body: { json: { startDateTime, endDateTime } },
    });
  },
  createBookingHold: (world, random) =>
    request(operations.createBookingHold, bearer(TOKEN.write), {
      body: { json: { ...bookableSlot(world, random, 'hall'), ttlSeconds: 60 } },
    }),
  deleteBookingHold: async (world, random) =>
    request(operations.deleteBookingHold, bearer(TOKEN.write), {
      params: { id: await holdToRelease(world, random) },
    }),
  createPublicFormHold: (_, random) => publicHold(random),
  deleteCalendarBooking: async (world, random) =>
    request(operations.deleteCalendarBooking, bearer(TOKEN.admin), {
      params: { id: await bookingToDelete(world, random) },
    }),
  getPublicFormAvailability: (_, random) => publicForm(operations.getPublicFormAvailability, random),
  listPublicSlots: (_, random) =>
    publicForm(operations.listPublicSlots, random, { query: weekQuery(random) }),
  listPublicAppointmentTypes: (_, random) =>
    publicForm(operations.listPublicAppointmentTypes, random, { query: [['calendarId', ID.calendarBerlin]] }),
  getPublicFormConfig: (_, random) => publicForm(operations.getPublicFormConfig, random),
  listPublicFormCalendars: (_, random) => publicForm(operations.listPublicFormCalendars, random),
  submitPublicForm: (_, random) => submission(random),
  sendPublicFormTelemetry: (_, random) =>
    publicForm(operations.sendPublicFormTelemetry, random, {
      body: {
        json: {
          events: [
            { name: 'form_viewed', step: 1, durationMs: 12 },
            { name: 'field_error', errorCode: 'validation', fieldId: 'email', studioId: 'berlin' },
          ],
        },
      },
    }),
  pushIngressWebhook: (world) =>
    request(
      operations.pushIngressWebhook,
      { [INGRESS_TOKEN_HEADER]: world.ingress.token },
      {
        params: { id: world.ingress.id },
        body: { json: { data: { email: 'pushed@example.com', name: 'Pushed', tags: ['a', 'b'] } } },
      },
    ),
};

/** Operations of the catalogue that have no baseline: must be empty, or they would go unfuzzed. */
export function missingBaselines(): string[] {
  const known = baselines as Partial<Record<string, Baseline>>;
  return Object.keys(operations).filter((id) => typeof known[id] !== 'function');
}
