/**
 * `ConnectClient`: the Bearer-token Connect API, typed from the contract.
 *
 * @module
 */
import { assertServerSide, readEnv, resolveBaseUrl } from '../core/env';
import { LeadbookError } from '../core/errors';
import { createHttp } from '../core/http';
import { resolveLogger } from '../core/logger';
import type { ClientOptions } from '../core/options';
import type { ApiPromise } from '../core/api-promise';
import {
  bookFirstAvailable,
  type BookFirstAvailableOptions,
  type BookFirstAvailableParams,
  type BookFirstAvailableResult,
} from './book-first-available';
import { createCaller } from './call';
import type {
  AppointmentTypeResourceMappingsApi,
  AppointmentTypesApi,
  CalendarsApi,
  ResourceCalendarMappingsApi,
  ResourceSlotBlockersApi,
  ResourceSlotsApi,
  ResourcesApi,
  TablesApi,
} from './lookup-types';
import type { AvailabilityApi, BookingsApi, HoldsApi, LeadsApi } from './write-types';

/** Options of {@link ConnectClient}. */
export interface ConnectClientOptions extends ClientOptions {
  /** The API token (`service_live_...`). Default: the `LEADBOOK_API_TOKEN` environment variable. */
  apiToken?: string;
  /**
   * Check every success body against the contract schema and throw a `ResponseValidationError` when
   * it does not match. Default: true.
   */
  validateResponses?: boolean;
  /**
   * Allow the client in a browser page. Off by default: the token would be readable by every visitor.
   */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * The Connect API client: calendars, lead pools, lookups, availability, leads and bookings, with
 * typed errors, retries and response validation.
 *
 * @example
 * ```ts
 * import { ConnectClient } from '@leadbook/sdk';
 *
 * const client = new ConnectClient({ baseUrl: 'https://leadbook.example.com', apiToken: process.env.LEADBOOK_API_TOKEN });
 * const calendars = await client.calendars.list();
 * ```
 */
export class ConnectClient {
  /** Calendars (`read`). */
  readonly calendars: CalendarsApi;
  /** Lead pools (`read`). */
  readonly tables: TablesApi;
  /** Appointment types (`read`). */
  readonly appointmentTypes: AppointmentTypesApi;
  /** Resources (`read`). */
  readonly resources: ResourcesApi;
  /** Weekly resource slots (`read`). */
  readonly resourceSlots: ResourceSlotsApi;
  /** Closures and holidays (`read`). */
  readonly resourceSlotBlockers: ResourceSlotBlockersApi;
  /** Resource-calendar links (`read`). */
  readonly resourceCalendarMappings: ResourceCalendarMappingsApi;
  /** Appointment-type-resource links (`read`). */
  readonly appointmentTypeResourceMappings: AppointmentTypeResourceMappingsApi;
  /** Availability search (`read`). */
  readonly availability: AvailabilityApi;
  /** Lead entries (`write`). */
  readonly leads: LeadsApi;
  /** Bookings (`write`; delete needs `admin`). */
  readonly bookings: BookingsApi;
  /** Slot holds (`write`; extension). */
  readonly holds: HoldsApi;

  /**
   * @param options - Base URL, token and transport options.
   * @throws {@link LeadbookError} without a base URL or token, or in a browser without
   *   `dangerouslyAllowBrowser`.
   */
  constructor(options: ConnectClientOptions = {}) {
    assertServerSide('ConnectClient', options.dangerouslyAllowBrowser);
    // The token goes into the redacted auth headers only, never into the core's plain options.
    const { apiToken = readEnv('LEADBOOK_API_TOKEN'), validateResponses = true, ...transport } = options;
    if (!apiToken) {
      throw new LeadbookError(
        'ConnectClient needs an API token: pass { apiToken } or set LEADBOOK_API_TOKEN.',
      );
    }
    const http = createHttp({
      ...transport,
      logger: resolveLogger(options.logger),
      baseUrl: resolveBaseUrl('ConnectClient', options.baseUrl),
      authHeaders: { authorization: `Bearer ${apiToken}` },
    });
    const call = createCaller(http, validateResponses);
    this.calendars = {
      list: (opts) => call('listCalendars', {}, opts),
      get: (id, opts) => call('getCalendar', { id }, opts),
    };
    this.tables = {
      list: (opts) => call('listTables', {}, opts),
      get: (id, opts) => call('getTable', { id }, opts),
    };
    this.appointmentTypes = {
      list: (opts) => call('listAppointmentTypes', {}, opts),
      get: (id, opts) => call('getAppointmentType', { id }, opts),
    };
    this.resources = {
      list: (opts) => call('listResources', {}, opts),
      get: (id, opts) => call('getResource', { id }, opts),
    };
    this.resourceSlots = { list: (query, opts) => call('listResourceSlots', { query }, opts) };
    this.resourceSlotBlockers = { list: (query, opts) => call('listResourceSlotBlockers', { query }, opts) };
    this.resourceCalendarMappings = {
      list: (query, opts) => call('listResourceCalendarMappings', { query }, opts),
    };
    this.appointmentTypeResourceMappings = {
      list: (query, opts) => call('listAppointmentTypeResourceMappings', { query }, opts),
    };
    this.availability = {
      search: (query, opts) => call('searchAvailability', { query }, opts),
    };
    this.leads = {
      create: (body, opts) => call('createTableEntry', { body }, opts),
      update: (id, patch, opts) => call('updateTableEntry', { id, body: patch }, opts),
    };
    this.bookings = {
      create: (body, opts) => call('createCalendarBooking', { body, idempotent: true }, opts),
      delete: (id, opts) => call('deleteCalendarBooking', { id }, opts),
      get: (id, opts) => call('getCalendarBooking', { id }, opts),
      reschedule: (id, body, opts) => call('rescheduleCalendarBooking', { id, body }, opts),
    };
    this.holds = {
      create: (body, opts) => call('createBookingHold', { body }, opts),
      release: (id, opts) => call('deleteBookingHold', { id }, opts),
    };
  }

  /**
   * Books the first available slot, surviving slot races: searches availability, tries the chosen
   * slot, and when another booking took it ({@link SlotUnavailableError}) searches again and tries
   * the next slot it has not tried yet, each with a new idempotency key. Stops after `maxAttempts`
   * (default 3) or at the `deadline` and throws a {@link SlotUnavailableError} whose `triedSlots`
   * lists every slot tried; aborting through `signal` throws an {@link AbortError}. The request
   * options (`timeout`, `maxRetries`, `headers`, `signal`) apply to every search and booking request;
   * `withResponse()` gives the response of the booking request that succeeded.
   *
   * @example
   * ```ts
   * const { booking, slot, attempts } = await client.bookFirstAvailable({
   *   calendarId,
   *   appointmentTypeId,
   *   start: new Date(),
   *   end: new Date(Date.now() + 14 * 86_400_000),
   *   entryId: lead.id,
   *   pick: (slots) => slots.find((s) => new Date(s.startDateTime).getUTCHours() >= 9),
   * }, { timeout: 10_000, headers: { 'x-trace-id': traceId } });
   * ```
   */
  bookFirstAvailable(
    params: BookFirstAvailableParams,
    options?: BookFirstAvailableOptions,
  ): ApiPromise<BookFirstAvailableResult> {
    return bookFirstAvailable(this, params, options);
  }
}
