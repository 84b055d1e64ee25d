/**
 * `@leadbook/sdk`: typed clients for the Leadbook Connect service. `ConnectClient` for the Connect
 * API, `IngressClient` for ingress webhooks, `PublicFormClient` for public forms (also at
 * `@leadbook/sdk/public-form`, the zod-free browser entry), typed errors, retries,
 * `bookFirstAvailable`, and `verifyWebhook` for receivers of webhook subscriptions.
 *
 * @module @leadbook/sdk
 */
export { ConnectClient, type ConnectClientOptions } from './connect/client';
export type {
  BookFirstAvailableOptions,
  BookFirstAvailableParams,
  BookFirstAvailableResult,
} from './connect/book-first-available';
export type {
  AppointmentTypeResourceMappingsApi,
  AppointmentTypesApi,
  CalendarsApi,
  ResourceCalendarMappingsApi,
  ResourceSlotBlockersApi,
  ResourceSlotsApi,
  ResourcesApi,
  TablesApi,
} from './connect/lookup-types';
export {
  unset,
  type AvailabilityApi,
  type AvailabilitySearchParams,
  type BookingsApi,
  type HoldsApi,
  type LeadsApi,
} from './connect/write-types';
export { IngressClient, type IngressClientOptions } from './ingress/client';
export { calendarFeedUrl, type CalendarFeedUrlOptions } from './calendar-feeds/index';
export * from './public-form/index';
export { isResponseValidationError, ResponseValidationError } from './core/response-validation-error';
export * from './webhooks/index';
/**
 * The named types of the contract (resources, requests, responses, events, the seed fixture), for
 * annotations: `import type { Calendar, CalendarBooking } from '@leadbook/sdk'`.
 */
export type * from '@leadbook/contract/types';
