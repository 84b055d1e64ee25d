/**
 * What the service offers beyond the 2.16.0 interface. The OpenAPI document marks each with
 * `x-leadbook-extension: true`, so a generated client can tell an addition from the 2.16.0
 * interface, whose operations keep their shape; `docs/guides/openapi.md` lists the same (a test
 * checks it names every entry).
 *
 * @module
 */
import type { OperationId } from '../operations';

/** The OpenAPI specification extension that marks an extension of the 2.16.0 API. */
export const EXTENSION_MARK = 'x-leadbook-extension';

/** The extensions of the 2.16.0 API, by where they appear in the OpenAPI document. */
export interface SpecExtensions {
  /**
   * Whole operations: of the catalogue, and `getCalendarFeed` (the calendar feed, which answers
   * `text/calendar` and so is written apart from the catalogue's JSON operations).
   */
  readonly operations: ReadonlyArray<OperationId | 'getCalendarFeed'>;
  /** Query and header parameters, by operation. */
  readonly parameters: Readonly<Partial<Record<OperationId, readonly string[]>>>;
  /** Error statuses, on every operation that answers them. */
  readonly statuses: readonly number[];
  /** Properties of named component schemas. */
  readonly properties: Readonly<Record<string, readonly string[]>>;
  /**
   * Request media types beside `application/json`, by operation: the same JSON sent as text. The
   * public surfaces and ingress read the body as JSON whatever its `Content-Type` (`*\/*`); a
   * browser beacon sends `text/plain`.
   */
  readonly mediaTypes: Readonly<Partial<Record<OperationId, readonly string[]>>>;
}

/** Every extension of the 2.16.0 API that the OpenAPI document marks. */
export const SPEC_EXTENSIONS: SpecExtensions = {
  operations: [
    'getPublicFormConfig',
    'getCalendarBooking',
    'rescheduleCalendarBooking',
    'createBookingHold',
    'deleteBookingHold',
    'createPublicFormHold',
    'getCalendarFeed',
    'listPublicFormCalendars',
  ],
  parameters: {
    createCalendarBooking: ['Idempotency-Key'],
    searchAvailability: ['resourceId', 'onlyAvailable'],
    listResourceSlots: ['resourceId'],
    listResourceSlotBlockers: ['resourceId'],
    listResourceCalendarMappings: ['resourceId'],
    listAppointmentTypeResourceMappings: ['resourceId', 'appointmentTypeId'],
    listPublicSlots: ['studioId', 'onlyAvailable'],
    listPublicAppointmentTypes: ['studioId'],
  },
  statuses: [413, 415, 503],
  properties: {
    AvailabilitySlot: [
      'resourceName',
      'resourceColor',
      'maxParallelBookings',
      'currentBookings',
      'remaining',
      'unavailableReason',
    ],
    PublicSlot: ['unavailableReason'],
    PatchTableEntryBody: ['followUpDate'],
    AppointmentType: [
      'minimumNoticeMinutes',
      'horizonDays',
      'bufferBeforeMinutes',
      'bufferAfterMinutes',
      'maxBookingsPerResourcePerDay',
    ],
    CreateCalendarBookingBody: ['holdId'],
    SubmitBody: ['holdId'],
    PublicFormError: ['details'],
    IngressError: ['details'],
  },
  mediaTypes: {
    sendPublicFormTelemetry: ['text/plain', '*/*'],
    submitPublicForm: ['*/*'],
    createPublicFormHold: ['*/*'],
    pushIngressWebhook: ['*/*'],
  },
};
