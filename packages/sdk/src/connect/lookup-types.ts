/**
 * The read-only lookup namespaces of `ConnectClient` (`read` scope).
 *
 * @module
 */
import type { ApiPromise } from '../core/api-promise';
import type {
  AppointmentType,
  AppointmentTypeResourceMapping,
  AppointmentTypeResourceMappingsQuery,
  Calendar,
  CalendarDetail,
  Resource,
  ResourceCalendarMapping,
  ResourceCalendarMappingsQuery,
  ResourceSlot,
  ResourceSlotBlocker,
  ResourceSlotBlockersQuery,
  ResourceSlotsQuery,
  Table,
  TableDetail,
} from '@leadbook/contract/types';
import type { RequestOptions } from '../core/options';

/** `client.calendars`. */
export interface CalendarsApi {
  /**
   * Lists the organization's calendars (`GET /connect/calendar/`).
   *
   * @example
   * ```ts
   * const calendars = await client.calendars.list();
   * const berlin = calendars.find((calendar) => calendar.tzdata === 'Europe/Berlin');
   * ```
   */
  list(options?: RequestOptions): ApiPromise<Calendar[]>;
  /**
   * Reads one calendar with its legacy `scheduleTypes` (`GET /connect/calendar/:id`).
   *
   * @throws {@link NotFoundError} for an unknown id.
   * @example
   * ```ts
   * const calendar = await client.calendars.get(calendarId);
   * console.log(calendar.name, calendar.scheduleTypes.length);
   * ```
   */
  get(id: string, options?: RequestOptions): ApiPromise<CalendarDetail>;
}

/** `client.tables` (Lead Pools). */
export interface TablesApi {
  /**
   * Lists the lead pools (`GET /connect/tables/`).
   *
   * @example
   * ```ts
   * const [pool] = await client.tables.list();
   * ```
   */
  list(options?: RequestOptions): ApiPromise<Table[]>;
  /**
   * Reads one pool with its lead states and inferred schema (`GET /connect/tables/:id`).
   *
   * @example
   * ```ts
   * const pool = await client.tables.get(tableId);
   * const initial = pool.leadStates.find((state) => state.default);
   * ```
   */
  get(id: string, options?: RequestOptions): ApiPromise<TableDetail>;
}

/** `client.appointmentTypes`. */
export interface AppointmentTypesApi {
  /**
   * Lists the appointment types (`GET /connect/appointment_types/`).
   *
   * @example
   * ```ts
   * const types = await client.appointmentTypes.list();
   * const trial = types.find((type) => type.name === 'Trial session');
   * ```
   */
  list(options?: RequestOptions): ApiPromise<AppointmentType[]>;
  /**
   * Reads one appointment type (`GET /connect/appointment_types/:id`).
   *
   * @example
   * ```ts
   * const type = await client.appointmentTypes.get(appointmentTypeId);
   * console.log(`${type.name}: ${type.bookingLength} min`);
   * ```
   */
  get(id: string, options?: RequestOptions): ApiPromise<AppointmentType>;
}

/** `client.resources`. */
export interface ResourcesApi {
  /**
   * Lists the resources (`GET /connect/resources/`).
   *
   * @example
   * ```ts
   * const resources = await client.resources.list();
   * const groupRooms = resources.filter((resource) => resource.maxParallelBookings > 1);
   * ```
   */
  list(options?: RequestOptions): ApiPromise<Resource[]>;
  /**
   * Reads one resource (`GET /connect/resources/:id`).
   *
   * @example
   * ```ts
   * const { maxParallelBookings } = await client.resources.get(resourceId);
   * ```
   */
  get(id: string, options?: RequestOptions): ApiPromise<Resource>;
}

/** `client.resourceSlots`. */
export interface ResourceSlotsApi {
  /**
   * Lists the weekly bookable windows, optionally of one calendar or resource
   * (`GET /connect/resource_slots/`).
   *
   * @example
   * ```ts
   * const slots = await client.resourceSlots.list({ calendarId });
   * ```
   */
  list(query?: ResourceSlotsQuery, options?: RequestOptions): ApiPromise<ResourceSlot[]>;
}

/** `client.resourceSlotBlockers`. */
export interface ResourceSlotBlockersApi {
  /**
   * Lists closures and holidays, optionally of one calendar or resource
   * (`GET /connect/resource_slot_blockers/`).
   *
   * @example
   * ```ts
   * const blockers = await client.resourceSlotBlockers.list({ calendarId });
   * ```
   */
  list(query?: ResourceSlotBlockersQuery, options?: RequestOptions): ApiPromise<ResourceSlotBlocker[]>;
}

/** `client.resourceCalendarMappings`. */
export interface ResourceCalendarMappingsApi {
  /**
   * Lists resource-calendar links, filtered by `calendarId` and/or `resourceId`
   * (`GET /connect/resource_calendar_mappings/`).
   *
   * @example
   * ```ts
   * const links = await client.resourceCalendarMappings.list({ calendarId });
   * const resourceIds = links.map((link) => link.resourceId);
   * ```
   */
  list(
    query?: ResourceCalendarMappingsQuery,
    options?: RequestOptions,
  ): ApiPromise<ResourceCalendarMapping[]>;
}

/** `client.appointmentTypeResourceMappings`. */
export interface AppointmentTypeResourceMappingsApi {
  /**
   * Lists appointment-type-resource links (`GET /connect/appointment_type_resource_mappings/`). With
   * `calendarId`, only the appointment types bookable on that calendar.
   *
   * @example
   * ```ts
   * const links = await client.appointmentTypeResourceMappings.list({ calendarId });
   * const bookableTypeIds = new Set(links.map((link) => link.appointmentTypeId));
   * ```
   */
  list(
    query?: AppointmentTypeResourceMappingsQuery,
    options?: RequestOptions,
  ): ApiPromise<AppointmentTypeResourceMapping[]>;
}
