/**
 * The Connect API routes: each binds a contract operation to a use case.
 *
 * @module
 */
import { operations as op } from '@leadbook/contract';
import { buildOpenApiDocument } from '@leadbook/contract/openapi';
import type { ServiceContext } from '../core/context';
import { connectTrigger, type AuthContext } from '../usecases/auth';
import { searchConnectAvailability } from '../usecases/availability';
import { createBooking, deleteBooking } from '../usecases/bookings';
import { getBooking } from '../usecases/bookings/read';
import { createConnectHold, releaseHold } from '../usecases/holds';
import { rescheduleBooking } from '../usecases/bookings/reschedule';
import { getCalendar, listCalendars } from '../usecases/lookups/calendars';
import { readIdempotencyKey } from '../core/idempotency';
import { createEntry, updateEntry } from '../usecases/leads';
import * as lookups from '../usecases/lookups';
import { getTable, listTables } from '../usecases/leads/tables';
import { JsonBytes, route, type Route } from './route';

// Connect routes with a scope always carry an authenticated caller.
const org = (auth: AuthContext | undefined) => auth!.organizationId;

/** The Connect routes. */
export function connectRoutes(ctx: ServiceContext): Route[] {
  let openApiDocument: unknown;
  return [
    {
      operationId: 'getOpenApiDocument',
      method: 'GET',
      path: '/connect/openapi.json',
      surface: 'connect',
      successStatus: 200,
      handle: async () => (openApiDocument ??= buildOpenApiDocument()),
    },
    route(op.listCalendars, ({ auth }) => listCalendars(ctx, org(auth))),
    route(op.getCalendar, ({ auth, params }) => getCalendar(ctx, org(auth), params.id)),
    route(op.listTables, ({ auth }) => listTables(ctx, org(auth))),
    route(op.getTable, ({ auth, params }) => getTable(ctx, org(auth), params.id)),
    route(op.listAppointmentTypes, ({ auth }) => lookups.listAppointmentTypes(ctx, org(auth))),
    route(op.getAppointmentType, ({ auth, params }) => lookups.getAppointmentType(ctx, org(auth), params.id)),
    route(op.listResources, ({ auth }) => lookups.listResources(ctx, org(auth))),
    route(op.getResource, ({ auth, params }) => lookups.getResource(ctx, org(auth), params.id)),
    route(op.listResourceSlots, ({ auth, query }) => lookups.listResourceSlots(ctx, org(auth), query)),
    route(op.listResourceSlotBlockers, ({ auth, query }) => lookups.listBlockers(ctx, org(auth), query)),
    route(op.listResourceCalendarMappings, ({ auth, query }) =>
      lookups.listResourceCalendarMappings(ctx, org(auth), query),
    ),
    route(op.listAppointmentTypeResourceMappings, ({ auth, query }) =>
      lookups.listAppointmentTypeResourceMappings(ctx, org(auth), query),
    ),
    route(
      op.searchAvailability,
      async ({ auth, query }) =>
        new JsonBytes(
          await searchConnectAvailability(ctx, org(auth), {
            calendarId: query.calendarId,
            appointmentTypeId: query.appointmentTypeId,
            startMs: Date.parse(query.start),
            endMs: Date.parse(query.end),
            resourceId: query.resourceId,
            onlyAvailable: query.onlyAvailable === 'true',
          }),
        ),
    ),
    route(op.createCalendarBooking, ({ auth, body, headers }) =>
      createBooking(ctx, {
        organizationId: org(auth),
        body,
        trigger: connectTrigger(auth!),
        idempotencyKey: readIdempotencyKey(headers.get('idempotency-key')),
      }),
    ),
    route(op.getCalendarBooking, ({ auth, params }) => getBooking(ctx, org(auth), params.id)),
    route(op.rescheduleCalendarBooking, ({ auth, params, body }) =>
      rescheduleBooking(ctx, {
        organizationId: org(auth),
        id: params.id,
        body,
        trigger: connectTrigger(auth!),
      }),
    ),
    route(op.createBookingHold, ({ auth, body }) =>
      createConnectHold(ctx, { organizationId: org(auth), apiTokenId: auth!.apiTokenId, body }),
    ),
    route(op.deleteBookingHold, ({ auth, params }) => releaseHold(ctx, org(auth), params.id)),
    route(op.deleteCalendarBooking, ({ auth, params }) =>
      deleteBooking(ctx, org(auth), params.id, connectTrigger(auth!)),
    ),
    route(op.createTableEntry, ({ auth, body }) => createEntry(ctx, org(auth), body, connectTrigger(auth!))),
    route(op.updateTableEntry, ({ auth, params, body }) =>
      updateEntry(ctx, {
        organizationId: org(auth),
        id: params.id,
        patch: body,
        trigger: connectTrigger(auth!),
      }),
    ),
  ];
}
