/**
 * The storage port: domain-named repositories and `transaction(fn)`. Adapters (sql.js, PostgreSQL,
 * your own) implement it and prove it with `runStorageConformance` from `@leadbook/server/testing`.
 *
 * Rules every adapter follows: "not found" returns `null`, never throws; every lookup by id is
 * scoped by organization; list methods return items in a stable order (creation order, then id).
 *
 * @module
 */
import type {
  ActivityRecord,
  ApiTokenRecord,
  AppointmentTypeRecord,
  AppointmentTypeResourceMappingRecord,
  BlockerRecord,
  CalendarFeedRecord,
  CalendarRecord,
  CustomFieldRecord,
  FormRecord,
  FormSubmissionRecord,
  IdempotencyRecord,
  IngressWebhookRecord,
  JobRecord,
  LeadStateRecord,
  NotificationSettingsRecord,
  BookingCalendarEventRecord,
  OrganizationRecord,
  ResourceCalendarMappingRecord,
  ResourceRecord,
  ResourceSlotRecord,
  ScheduleTypeRecord,
  TableEntryRecord,
  TableRecord,
  TableSchemaRecord,
  TelemetryRecord,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
} from './records';
import type { BookingRepository, HoldRepository } from './booking-storage';
import type { ExternalCalendarLinkRecord } from './records/external-calendars';

export type { BookingRepository, HoldRepository } from './booking-storage';

/** Organizations. */
export interface OrganizationRepository {
  /** Stores a new organization. */
  create(record: OrganizationRecord): Promise<void>;
  /** The organization, or null. */
  get(id: string): Promise<OrganizationRecord | null>;
}

/** Connect API tokens (digests only). */
export interface ApiTokenRepository {
  /** Stores a new token. */
  create(record: ApiTokenRecord): Promise<void>;
  /** The token whose digest matches exactly, revoked or not, or null. */
  findByDigest(digest: string): Promise<ApiTokenRecord | null>;
  /** The token by id within an organization, or null. */
  get(organizationId: string, id: string): Promise<ApiTokenRecord | null>;
  /** The organization's tokens. */
  list(organizationId: string): Promise<ApiTokenRecord[]>;
  /** Marks a token revoked; returns false when it does not exist. */
  revoke(organizationId: string, id: string, revokedAt: string): Promise<boolean>;
}

/** Generic create/get/list/update/delete of an organization-scoped record. */
export interface ScopedRepository<T extends { id: string; organizationId: string }, F = object> {
  /** Stores a new record. */
  create(record: T): Promise<void>;
  /** The record by id within the organization, or null. */
  get(organizationId: string, id: string): Promise<T | null>;
  /** The organization's records matching every given filter field. */
  list(organizationId: string, filter?: F): Promise<T[]>;
  /** Replaces a stored record; returns false when it does not exist. */
  update(record: T): Promise<boolean>;
  /** Deletes a record; returns false when it did not exist. */
  delete(organizationId: string, id: string): Promise<boolean>;
}

/** Calendars. */
export type CalendarRepository = ScopedRepository<CalendarRecord>;
/** Legacy schedule types, filterable by calendar. */
export type ScheduleTypeRepository = ScopedRepository<ScheduleTypeRecord, { calendarId?: string }>;
/** Lead pools. */
export type TableRepository = ScopedRepository<TableRecord>;
/** Lead states, filterable by pool. */
export type LeadStateRepository = ScopedRepository<LeadStateRecord, { tableId?: string }>;
/** Custom fields, filterable by pool. */
export type CustomFieldRepository = ScopedRepository<CustomFieldRecord, { tableId?: string }>;
/** Appointment types. */
export type AppointmentTypeRepository = ScopedRepository<AppointmentTypeRecord>;
/** Appointment types' notification settings, each under its appointment type's id. */
export type NotificationSettingsRepository = ScopedRepository<NotificationSettingsRecord>;
/** The events bookings became in external calendars, each under its booking's id (see the write-back). */
export type BookingCalendarEventRepository = ScopedRepository<BookingCalendarEventRecord>;
/** Resources, also listed by what they are mapped to. */
export interface ResourceRepository extends ScopedRepository<ResourceRecord> {
  /**
   * The organization's resources mapped to the calendar and, when `appointmentTypeId` is given,
   * to that appointment type too (archived ones included), each once, in creation order: what a
   * search over a calendar reads, however many resources the organization has elsewhere.
   */
  listMapped(
    organizationId: string,
    to: { calendarId: string; appointmentTypeId?: string },
  ): Promise<ResourceRecord[]>;
}
/** Resource slots, filterable by calendar and resource. */
export type ResourceSlotRepository = ScopedRepository<
  ResourceSlotRecord,
  { calendarId?: string; resourceId?: string }
>;
/** Blockers, filterable by calendar and resource, and found by time. */
export interface BlockerRepository extends ScopedRepository<
  BlockerRecord,
  { calendarId?: string; resourceId?: string }
> {
  /**
   * The calendar's blockers (of a resource or of none) that overlap `[startMs, endMs)`
   * (half-open), in creation order: what a search or a booking reads, however long the
   * calendar's history.
   */
  listOverlapping(
    organizationId: string,
    calendarId: string,
    startMs: number,
    endMs: number,
  ): Promise<BlockerRecord[]>;
}
/** Resource-calendar mappings, filterable by either side. */
export type ResourceCalendarMappingRepository = ScopedRepository<
  ResourceCalendarMappingRecord,
  { calendarId?: string; resourceId?: string }
>;
/** Appointment-type-resource mappings, filterable by either side. */
export type AppointmentTypeResourceMappingRepository = ScopedRepository<
  AppointmentTypeResourceMappingRecord,
  { appointmentTypeId?: string; resourceId?: string }
>;

/** The inferred data schema of each pool. */
export interface TableSchemaRepository {
  /** The pool's schema, or null. */
  get(organizationId: string, tableId: string): Promise<TableSchemaRecord | null>;
  /** Creates or replaces the pool's schema. */
  save(record: TableSchemaRecord): Promise<void>;
}

/** Lead entries. */
export interface TableEntryRepository extends ScopedRepository<
  TableEntryRecord,
  { tableId?: string; leadStateId?: string }
> {
  /** Number of entries per pool of the organization (pools without entries are absent). */
  countByTable(organizationId: string): Promise<Map<string, number>>;
  /** Number of entries per lead state of one pool. */
  countByLeadState(organizationId: string, tableId: string): Promise<Map<string, number>>;
  /** Sets `interestedInAppointmentTypeId` to null on every entry pointing at the type; returns how many. */
  clearAppointmentType(organizationId: string, appointmentTypeId: string, updatedAt: string): Promise<number>;
}

/** The activity log of automation events. */
export interface ActivityRepository {
  /** Appends an event. */
  append(record: ActivityRecord): Promise<void>;
  /** The organization's most recent events, newest first. */
  list(organizationId: string, options?: { limit?: number; type?: string }): Promise<ActivityRecord[]>;
}

/** Scheduled jobs of the default scheduler. */
export interface JobRepository {
  /** Creates the job, or replaces the job with the same key. */
  upsert(record: JobRecord): Promise<void>;
  /** Deletes the job; returns false when none had the key. */
  delete(key: string): Promise<boolean>;
  /** The job with the key, or null. */
  get(key: string): Promise<JobRecord | null>;
  /** Jobs with `runAt <= atMs`, earliest first, at most `limit`. */
  listDue(atMs: number, limit: number): Promise<JobRecord[]>;
  /** The earliest `runAt` of all jobs, or null when none are stored. */
  nextRunAt(): Promise<number | null>;
}

/** Stored idempotent answers. */
export interface IdempotencyRepository {
  /** The stored answer, or null. */
  get(organizationId: string, scope: string, key: string): Promise<IdempotencyRecord | null>;
  /** Stores an answer. */
  save(record: IdempotencyRecord): Promise<void>;
  /** Deletes answers created before the given time; returns how many. */
  deleteOlderThan(createdBefore: string): Promise<number>;
}

/** A scoped repository whose ids are also looked up without the organization (public URLs). */
export interface PubliclyAddressed<
  T extends { id: string; organizationId: string },
  F = object,
> extends ScopedRepository<T, F> {
  /** The record with this id in any organization, or null (public endpoints know only the id). */
  find(id: string): Promise<T | null>;
}

/** Public forms. */
export type FormRepository = PubliclyAddressed<FormRecord>;
/** Ingress webhooks, filterable by pool. */
export type IngressWebhookRepository = PubliclyAddressed<IngressWebhookRecord, { tableId?: string }>;
/** Form submissions, filterable by form. */
export type FormSubmissionRepository = ScopedRepository<FormSubmissionRecord, { formId?: string }>;
/** Outgoing webhook deliveries, filterable by form, submission and subscription. */
export interface WebhookDeliveryRepository extends ScopedRepository<
  WebhookDeliveryRecord,
  { formId?: string; submissionId?: string; subscriptionId?: string }
> {
  /** Pending deliveries of every organization, oldest first, at most `limit` (a start-up sweep). */
  listPending(limit: number): Promise<WebhookDeliveryRecord[]>;
  /** The subscription's latest deliveries, newest first, at most `limit` (the delivery log). */
  listRecentBySubscription(
    organizationId: string,
    subscriptionId: string,
    limit: number,
  ): Promise<WebhookDeliveryRecord[]>;
}

/**
 * Links of resources to external calendars, filterable by resource (at most
 * `EXTERNAL_CALENDAR_LIMITS.linksPerResource` per resource).
 */
export type ExternalCalendarLinkRepository = ScopedRepository<
  ExternalCalendarLinkRecord,
  { resourceId?: string }
>;

/** Calendar feeds of resources (at most one per resource), filterable by resource. */
export interface CalendarFeedRepository extends ScopedRepository<
  CalendarFeedRecord,
  { resourceId?: string }
> {
  /** The feed whose token has this SHA-256 digest, in any organization, or null. */
  findByTokenDigest(tokenDigest: string): Promise<CalendarFeedRecord | null>;
}

/** Webhook subscriptions (at most a few per organization: every event reads them all). */
export type WebhookSubscriptionRepository = ScopedRepository<WebhookSubscriptionRecord>;

/** Widget telemetry, kept bounded. */
export interface TelemetryRepository {
  /** Stores events. */
  append(records: readonly TelemetryRecord[]): Promise<void>;
  /** The form's most recent events, newest first. */
  list(organizationId: string, formId: string, options?: { limit?: number }): Promise<TelemetryRecord[]>;
  /** Deletes all but the newest `keep` events of the form; returns how many were deleted. */
  trim(organizationId: string, formId: string, keep: number): Promise<number>;
}

/** Every repository, as seen inside one transaction. */
export interface Repositories {
  /** Organizations. */
  organizations: OrganizationRepository;
  /** Connect API tokens. */
  apiTokens: ApiTokenRepository;
  /** Calendars. */
  calendars: CalendarRepository;
  /** Legacy schedule types. */
  scheduleTypes: ScheduleTypeRepository;
  /** Lead pools. */
  tables: TableRepository;
  /** Lead states. */
  leadStates: LeadStateRepository;
  /** Inferred pool schemas. */
  tableSchemas: TableSchemaRepository;
  /** Custom fields. */
  customFields: CustomFieldRepository;
  /** Lead entries. */
  entries: TableEntryRepository;
  /** Appointment types. */
  appointmentTypes: AppointmentTypeRepository;
  /** Resources. */
  resources: ResourceRepository;
  /** Resource slots. */
  resourceSlots: ResourceSlotRepository;
  /** Blockers. */
  blockers: BlockerRepository;
  /** Resource-calendar mappings. */
  resourceCalendarMappings: ResourceCalendarMappingRepository;
  /** Appointment-type-resource mappings. */
  appointmentTypeResourceMappings: AppointmentTypeResourceMappingRepository;
  /** Calendar bookings. */
  bookings: BookingRepository;
  /** Slot holds. */
  holds: HoldRepository;
  /** Activity log. */
  activity: ActivityRepository;
  /** Scheduled jobs. */
  jobs: JobRepository;
  /** Idempotent answers. */
  idempotency: IdempotencyRepository;
  /** Public forms. */
  forms: FormRepository;
  /** Form submissions. */
  formSubmissions: FormSubmissionRepository;
  /** Outgoing webhook deliveries. */
  webhookDeliveries: WebhookDeliveryRepository;
  /** Webhook subscriptions to automation events. */
  webhookSubscriptions: WebhookSubscriptionRepository;
  /** Ingress webhooks. */
  ingressWebhooks: IngressWebhookRepository;
  /** Links of resources to external calendars (their connections sealed). */
  externalCalendarLinks: ExternalCalendarLinkRepository;
  /** Calendar feeds of resources (their tokens as digests). */
  calendarFeeds: CalendarFeedRepository;
  /** Notification settings of appointment types. */
  notificationSettings: NotificationSettingsRepository;
  /** The events bookings became in external calendars. */
  bookingCalendarEvents: BookingCalendarEventRepository;
  /** Widget telemetry. */
  telemetry: TelemetryRepository;
}

/** Options of one transaction. */
export interface TransactionOptions {
  /**
   * Capacity locks the transaction needs before it reads: the adapter serialises transactions that
   * name the same key (sql.js serialises every transaction anyway; PostgreSQL takes an advisory lock).
   */
  lockKeys?: readonly string[];
  /**
   * The transaction only reads. Adapters may skip work only writes need (sql.js skips `BEGIN` and
   * `COMMIT`, since its transactions are serialised anyway); a write in a read-only transaction
   * is a bug in the caller, and adapters may reject it.
   */
  readOnly?: boolean;
}

/**
 * A storage adapter. `transaction(fn)` runs `fn` atomically: every write inside commits together or
 * not at all, and no other transaction's work interleaves with a check-then-write inside it.
 */
export interface StorageAdapter {
  /** A name for logs, such as `sqljs`. */
  readonly name: string;
  /** Runs `fn` in one transaction; rolls back and rethrows when it throws. */
  transaction<T>(fn: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Flushes pending writes and releases resources. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Optional: the schema version of the database against the one this adapter needs, read from the
   * database (a round trip). The service's health report checks it ("migrations applied"); an
   * adapter without it has that check skipped.
   *
   * @throws StorageError when the database cannot be read, or after `close()`.
   */
  schemaStatus?(): Promise<SchemaStatus>;
}

/** What {@link StorageAdapter.schemaStatus} reads. */
export interface SchemaStatus {
  /** The newest migration applied to the database (0 when none is). */
  applied: number;
  /** The newest migration this adapter knows: the database is up to date when `applied` is at least this. */
  latest: number;
}

// A registered symbol is the same in every copy of this package and every realm, so the brand holds
// where `instanceof` does not: an adapter that brings its own copy of `@leadbook/server`, ESM beside
// CJS, a vm context.
const STORAGE_ERROR_BRAND = Symbol.for('leadbook.StorageError');

/**
 * Thrown by adapters for storage failures; the HTTP layer answers 500 `DATABASE_ERROR`. Recognise
 * one with {@link isStorageError}, not `instanceof`: an adapter may have been built against another
 * installed copy of `@leadbook/server`, whose class is a different object.
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  /** Wraps an underlying storage failure, keeping it as `cause`. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
Object.defineProperty(StorageError.prototype, STORAGE_ERROR_BRAND, { value: true });

/**
 * Whether `value` is a {@link StorageError} from any copy of `@leadbook/server` (or a subclass of
 * one): it reads a brand registered with `Symbol.for('leadbook.StorageError')`, so it holds across
 * duplicate installs and realms, where `instanceof` fails.
 *
 * @example
 * ```ts
 * try {
 *   await storage.transaction((tx) => tx.calendars.list('org_1'));
 * } catch (error) {
 *   if (isStorageError(error)) console.error('the database failed', error.cause);
 *   else throw error;
 * }
 * ```
 */
export function isStorageError(value: unknown): value is StorageError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[STORAGE_ERROR_BRAND] === true
  );
}
