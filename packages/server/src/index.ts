/**
 * `@leadbook/server`: the embeddable reference server of the Leadbook Connect service.
 *
 * @module @leadbook/server
 */
export {
  createConnectService,
  type CloseOptions,
  type ConnectService,
  type ConnectServiceOptions,
  type HealthCheck,
  type HealthOptions,
  type HealthReport,
  type HealthRoutesOptions,
  type HealthStatus,
} from './service';
export type { AdminApi, ConsoleActionOptions } from './admin';
export type { ApiTokenSummary, CreatedApiToken } from './admin/organizations';
export type { CreatedTable } from './admin/tables';
export type {
  CreatedIngressWebhook,
  IngressAdminApi,
  IngressWebhookInput,
  IngressWebhookSummary,
  RotatedIngressToken,
} from './admin/ingress';
export type { SeedResult, SeededOrganization } from './admin/seed';
export type {
  CreatedWebhookSubscription,
  DeliveryLogOptions,
  RotatedWebhookSecret,
  WebhookDeliveryLogEntry,
  WebhookSubscriptionsAdminApi,
} from './admin/webhook-subscriptions';
export type { ExternalCalendarsAdminApi } from './admin/external-calendars';
export type { CalendarFeedsAdminApi } from './admin/calendar-feeds';
export type {
  ExternalCalendarOptions,
  ExternalCalendarProvider,
} from './usecases/external-calendars/settings';
export { createKeyRing, type EncryptionKey, type KeyRing } from './domain/external-calendars/sealing';
export { MAX_CACHED_RANGES } from './usecases/external-calendars/busy-cache';
export {
  createSqlJsStorage,
  type Durability,
  type SqlJsStorage,
  type SqlJsStorageOptions,
  type StorageLogger,
} from './adapters/sqljs';
export { createTimerScheduler, type TimerSchedulerOptions } from './adapters/timer-scheduler';
export {
  isMeetingProviderError,
  MeetingProviderError,
  type CreatedMeeting,
  type MeetingCallOptions,
  type MeetingProvider,
  type MeetingProviderErrorOptions,
  type MeetingProviderName,
  type MeetingRef,
  type MeetingRequest,
  type MeetingTime,
} from './ports/meetings';
export {
  createInMemoryMeetingProvider,
  type InMemoryMeeting,
  type InMemoryMeetingProvider,
  type InMemoryMeetingProviderOptions,
  type MeetingOperation,
} from './adapters/meetings/in-memory';
export { systemClock, type Clock } from './ports/clock';
export {
  bookingEventUid,
  ExternalCalendarError,
  isExternalCalendarError,
  isLeadbookEventUid,
  LEADBOOK_EVENT_UID_DOMAIN,
  MAX_BUSY_RANGE_MS,
  type BusyInterval,
  type BusyRange,
  type CalendarEventInput,
  type CalendarEventTime,
  type CreatedCalendarEvent,
  type ExternalCalendar,
  type ExternalCalendarCallOptions,
  type ExternalCalendarErrorOptions,
  type TimeSpan,
} from './ports/external-calendar';
export { assertBusyRange, mergeBusyIntervals } from './domain/calendars';
export {
  createInMemoryExternalCalendar,
  type CalendarOperation,
  type ExternalEventSeed,
  type InMemoryCalendarEvent,
  type InMemoryExternalCalendar,
} from './adapters/calendars/in-memory';
export {
  isNotifierError,
  NotifierError,
  type NotificationAttachment,
  type NotificationMessage,
  type NotificationReceipt,
  type Notifier,
  type NotifierErrorOptions,
  type NotifierSendOptions,
} from './ports/notifier';
export {
  createInMemoryNotifier,
  type InMemoryNotifier,
  type InMemoryNotifierOptions,
} from './adapters/notifiers/in-memory';
export type { NotificationServiceOptions } from './usecases/notifications/options';
export {
  buildInvite,
  cancellationMessage,
  confirmationMessage,
  DEFAULT_NOTIFICATION_LOCALE,
  defaultNotificationTemplates,
  formatBookingTime,
  notificationLocale,
  reminderMessage,
  rescheduleMessage,
  type BookingMessageInput,
  type InviteInput,
  type InviteParty,
  type NotificationKind,
  type NotificationTemplate,
  type NotificationTemplateData,
  type NotificationTemplates,
  type ReminderMessageInput,
  type RenderedNotification,
  type RescheduleMessageInput,
} from './domain/notifications';
export { createGuardedFetch, type GuardedFetchOptions } from './adapters/webhooks/guarded-fetch';
export { errorFields, type LogFields, type LoggedError, type Logger } from './ports/logger';
export { createManualClock, type ManualClock } from './core/manual-clock';
export { ERROR_STATUS, ServiceError, type ErrorKind, type ServiceErrorOptions } from './core/errors';
export type { EventHandler, ServiceEvents } from './events/bus';
export type { FetchHandler, FetchRequestInfo } from './http/fetch';
export { HTTP_SERVER_OPTIONS } from './http/server-options';
export type * from './ports/records';
export type * from './ports/storage';
export { isStorageError, StorageError } from './ports/storage';
export type { JobHandler, JobRun, ScheduledJob, Scheduler, SchedulerJobStore } from './ports/scheduler';
export {
  applyMergePatch,
  applySchemaInference,
  coerceValue,
  inferType,
  isPlainObject,
  type CoercionResult,
  type InferredFieldDescriptor,
  type InferredType,
  type SchemaInferenceResult,
  type SchemaTypeError,
} from './domain/leads';
export {
  createHttpCaptchaVerifier,
  DEFAULT_CAPTCHA_VERIFY_URLS,
  type HttpCaptchaVerifierOptions,
} from './adapters/captcha/http-captcha-verifier';
export { CaptchaUnavailableError, type CaptchaCheck, type CaptchaVerifier } from './ports/captcha';
export { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitOptions } from './http/rate-limit';
export type { TelemetryBatch, TelemetrySink } from './usecases/public-forms/telemetry';
export {
  SUBSCRIPTION_FAILING_LIMIT_MS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  ADDRESS_REFUSED_CODE,
  checkWebhookUrl,
  checkWebhookUrlSyntax,
  WEBHOOK_URL_WORDING,
  type HostLookup,
  type UrlGuardWording,
  type UrlSyntaxGuardOptions,
  type WebhookUrlCheck,
  type WebhookUrlGuardOptions,
} from './domain/webhooks';
