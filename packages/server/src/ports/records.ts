/**
 * The records the storage port reads and writes. They are the contract's resource shapes without
 * computed fields (`count`, booking enrichment), plus the server's own records (organizations,
 * tokens, activity, jobs).
 *
 * @module
 */
import type {
  AppointmentType,
  AppointmentTypeMeetings,
  AppointmentTypeResourceMapping,
  CalendarBooking,
  Calendar,
  CustomField,
  EventType,
  Form,
  LeadState,
  Resource,
  ResourceCalendarMapping,
  ResourceSlot,
  ResourceSlotBlocker,
  ScheduleType,
  Scope,
  ServiceEvent,
  Table,
  TableDataSchema,
  TableEntry,
  TelemetryEvent,
  TriggerContext,
  WebhookSubscription,
} from '@leadbook/contract';

/** An organization (tenant). `resourcePlanner` organizations book by resource and appointment type. */
export interface OrganizationRecord {
  /** Organization id. */
  id: string;
  /** Display name. */
  name: string;
  /** Whether the organization books through the resource planner (resources, appointment types). */
  resourcePlanner: boolean;
  /** Creation time (ISO-8601). */
  createdAt: string;
}

/** A Connect API token. Only the SHA-256 digest of the secret is stored, never the token. */
export interface ApiTokenRecord {
  /** Token id (goes into event trigger contexts as `apiTokenId`). */
  id: string;
  /** The organization the token acts for. */
  organizationId: string;
  /** A label for the console. */
  name: string;
  /** Hex SHA-256 digest of the full token string. */
  digest: string;
  /** Granted scopes. */
  scopes: Scope[];
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Revocation time, or null while the token is valid. */
  revokedAt: string | null;
}

/** A calendar as stored (no `count`). */
export type CalendarRecord = Omit<Calendar, 'count'>;
/** A legacy schedule type as stored (no `count`). */
export type ScheduleTypeRecord = Omit<ScheduleType, 'count'>;
/** A lead pool as stored (no `count`); stored pools always belong to an organization. */
export type TableRecord = Omit<Table, 'count' | 'organizationId'> & { organizationId: string };
/** A lead state as stored (no `count`). */
export type LeadStateRecord = Omit<LeadState, 'count'>;
/** The inferred data schema of a pool. */
export type TableSchemaRecord = TableDataSchema;
/** A custom field of a pool. */
export type CustomFieldRecord = CustomField;
/** A lead entry. */
export type TableEntryRecord = TableEntry;
/**
 * An appointment type as stored: the Connect shape plus its meeting setting (console only; Connect
 * never shows it).
 */
export type AppointmentTypeRecord = AppointmentType & {
  /** Turns video meetings on for the type's bookings; absent or null when off. */
  meetings?: AppointmentTypeMeetings | null;
};
/** A resource. */
export type ResourceRecord = Resource;
/** A resource slot. */
export type ResourceSlotRecord = ResourceSlot;
/** A resource slot blocker. */
export type BlockerRecord = ResourceSlotBlocker;
/** A resource-calendar mapping. */
export type ResourceCalendarMappingRecord = ResourceCalendarMapping;
/** An appointment-type-resource mapping. */
export type AppointmentTypeResourceMappingRecord = AppointmentTypeResourceMapping;

/** A calendar booking as stored; the response enrichment (lead state, lead data) is computed on read. */
export interface BookingRecord {
  /** Booking id. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The calendar booked. */
  calendarId: string;
  /** Optional title. */
  name: string | null;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Start (ISO-8601, UTC). */
  startDateTime: string;
  /** End (ISO-8601, UTC). */
  endDateTime: string;
  /** Start in epoch milliseconds (for range queries). */
  startMs: number;
  /** End in epoch milliseconds (for range queries). */
  endMs: number;
  /** Linked lead entry. */
  tableEntryId: string | null;
  /** Booked resource (resource planner). */
  resourceId: string | null;
  /** Booked appointment type (resource planner). */
  appointmentTypeId: string | null;
  /** The resource slot the interval belongs to (resource planner). */
  resourceSlotId: string | null;
  /** Legacy schedule type. */
  calendarScheduleTypeId: string | null;
  /** Legacy schedule type slot. */
  calendarScheduleTypeSlotId: string | null;
  /** Who created the booking; scheduled events reuse it. */
  trigger: TriggerContext;
  /**
   * Milliseconds before the start the booking occupies its resource too (its appointment type's
   * `bufferBeforeMinutes` when it was booked); absent: none.
   */
  bufferBeforeMs?: number;
  /** Milliseconds after the end the booking occupies its resource too; absent: none. */
  bufferAfterMs?: number;
  /** The booking's video meeting; absent or null when its appointment type has none. */
  meeting?: BookingMeetingRecord | null;
  /**
   * When the meeting's job is next due (epoch ms; 0: at once), or absent or null when the meeting
   * needs nothing: what the start-up sweep `BookingRepository.listMeetingsDue` finds.
   */
  meetingDueAt?: number | null;
}

/**
 * The video meeting of a booking (its response's meeting fields) and the state of its job: the meeting
 * job claims an attempt by setting `attemptStartedAt` (a lease that ends at `nextAttemptAt`).
 */
export interface BookingMeetingRecord {
  /** The provider. */
  provider: NonNullable<CalendarBooking['meetingProvider']>;
  /** `pending` until created, `failed` after the retries, `deleted` with the booking. */
  status: NonNullable<CalendarBooking['meetingStatus']>;
  /** The provider user hosting the meeting, or null when the resource has none. */
  hostUserId: string | null;
  /** The join URL, once created. */
  url: string | null;
  /** The provider's meeting id, once created. */
  externalId: string | null;
  /** The passcode, once created (null when the meeting has none). */
  password: string | null;
  /** The start the provider holds (ISO-8601), once created or moved. */
  externalStartTime: string | null;
  /** The length in minutes the provider holds, once created or moved. */
  durationMinutes: number | null;
  /** Failed attempts of the job's current step (creating or moving), reset when one succeeds. */
  attempts: number;
  /** The last attempt's error, or null. */
  lastError: string | null;
  /** When the attempt in flight started (ISO-8601), or null when none is. */
  attemptStartedAt: string | null;
  /** When the job is next due (epoch ms): a retry, or the end of the lease of an attempt in flight. */
  nextAttemptAt: number | null;
}

/**
 * Where a booking sits in time: what capacity checks read (`BookingRepository.listOverlapping`),
 * without the rest of the record.
 */
export type BookingInterval = Pick<
  BookingRecord,
  'id' | 'resourceId' | 'startMs' | 'endMs' | 'bufferBeforeMs' | 'bufferAfterMs'
>;

/**
 * A hold on one place of a candidate (extension): until `expiresMs` it counts against the
 * resource's capacity like a booking of the same interval and buffers. An expired hold simply stops
 * counting; the store deletes it later.
 */
export interface HoldRecord {
  /** Hold id (the `holdId` a booking passes). */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** Who holds it: `form:<formId>:<client>` or `token:<apiTokenId>`; bounds the holds per holder. */
  holder: string;
  /** The calendar. */
  calendarId: string;
  /** The appointment type. */
  appointmentTypeId: string;
  /** The held resource. */
  resourceId: string;
  /** The resource slot of the candidate. */
  resourceSlotId: string;
  /** Start (ISO-8601, UTC). */
  startDateTime: string;
  /** End (ISO-8601, UTC). */
  endDateTime: string;
  /** Start, epoch ms. */
  startMs: number;
  /** End, epoch ms. */
  endMs: number;
  /** Buffer before, ms (the type's rule when held; 0 for none). */
  bufferBeforeMs: number;
  /** Buffer after, ms. */
  bufferAfterMs: number;
  /** When the hold stops counting, epoch ms. */
  expiresMs: number;
  /** When it stops counting (ISO-8601). */
  expiresAt: string;
  /** Creation time (ISO-8601). */
  createdAt: string;
}

/** One entry of the activity log: an automation event with its trigger context. */
export type ActivityRecord = ServiceEvent;

/** A scheduled job, persisted so that a restarted service still runs it. */
export interface JobRecord {
  /** Unique key; scheduling a key again replaces the job. */
  key: string;
  /** When the job is due, in epoch milliseconds. */
  runAt: number;
  /** Job kind, such as `appointment.hasStarted`. */
  type: string;
  /** JSON-serialisable job data. */
  payload: unknown;
  /** When the job was scheduled (ISO-8601). */
  createdAt: string;
}

/** A stored idempotent response, keyed per organization and `Idempotency-Key`. */
export interface IdempotencyRecord {
  /** Owning organization. */
  organizationId: string;
  /** The operation (so one key cannot replay another endpoint's answer). */
  scope: string;
  /** The client's key. */
  key: string;
  /** SHA-256 of the canonical request body. */
  requestHash: string;
  /** The status of the first answer. */
  status: number;
  /** The body of the first answer. */
  body: unknown;
  /** When the first answer was stored (ISO-8601). */
  createdAt: string;
}

/** A public form (the contract's `Form`). */
export type FormRecord = Form;

/** One accepted form submission. */
export interface FormSubmissionRecord {
  /** Submission id (returned as `submissionId`). */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The form. */
  formId: string;
  /** The resolved studio, if the form has studios. */
  studioId: string | null;
  /** The validated, normalised values by field id (hidden fields dropped). */
  data: Record<string, unknown>;
  /** The lead created, or null for webhook-only forms. */
  entryId: string | null;
  /** The booking created, or null. */
  bookingId: string | null;
  /** Receipt time (ISO-8601). */
  createdAt: string;
}

/** One delivery attempt of an outgoing webhook. */
export interface WebhookAttempt {
  /** When it was made (ISO-8601). */
  at: string;
  /** The HTTP status, or null for a network failure or timeout. */
  status: number | null;
  /** What went wrong, when it failed. */
  error: string | null;
  /**
   * How long the attempt took, in milliseconds, from the URL check to the response status. Absent
   * on an attempt that never finished (its lease ran out) and on attempts stored before it existed.
   */
  durationMs?: number;
}

/**
 * An outgoing webhook delivery and its attempts: of a form's submission (`formId` and
 * `submissionId` set), or of an event to a webhook subscription (`subscriptionId` and `eventId`
 * set). Both go through the same attempts, retries and leases.
 */
export interface WebhookDeliveryRecord {
  /** Delivery id; also the `webhook-id` header, the same on every attempt. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The form whose submission is delivered; null for a subscription's delivery. */
  formId: string | null;
  /** The submission; null for a subscription's delivery. */
  submissionId: string | null;
  /** The webhook subscription delivered to; null or absent for a form's delivery. */
  subscriptionId?: string | null;
  /**
   * The event delivered (its id in the activity log; a ping's own id); null or absent for a form's
   * delivery.
   */
  eventId?: string | null;
  /**
   * Target URL. A subscription's delivery goes to the subscription's URL as it is at each attempt,
   * and records it here when the attempt starts.
   */
  url: string;
  /** The JSON body sent on every attempt. */
  payload: unknown;
  /** `pending` until a 2xx (`succeeded`), a 410 (`gone`) or the last retry (`failed`). */
  status: 'pending' | 'succeeded' | 'failed' | 'gone';
  /** Attempts so far, oldest first. */
  attempts: WebhookAttempt[];
  /**
   * When the next attempt is due (epoch ms), or null when none is. While an attempt is in flight,
   * the end of its lease: if the attempt has not been recorded by then, it is counted as failed and
   * the delivery goes on with the retry schedule.
   */
  nextAttemptAt: number | null;
  /**
   * When the attempt in flight started (ISO-8601), or null (or absent) when none is: an attempt
   * claims its delivery by setting this and a lease in `nextAttemptAt`, and clears it when recorded.
   */
  attemptStartedAt?: string | null;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Last change (ISO-8601). */
  updatedAt: string;
}

/** An older signing secret of a webhook subscription, signing beside the current one until it expires. */
export interface PreviousWebhookSecret {
  /** The `whsec_` secret. */
  secret: string;
  /** When it stops signing (ISO-8601). */
  expiresAt: string;
}

/**
 * A webhook subscription: the console view's fields, plus its signing secrets. The secrets are
 * stored as they are (an HMAC needs the key itself) and only ever leave through a signature.
 */
export type WebhookSubscriptionRecord = Omit<
  WebhookSubscription,
  'previousSecretExpiresAt' | 'eventTypes'
> & {
  /** The event types it receives, or `['*']` for all. */
  eventTypes: Array<EventType | '*'>;
  /** The current `whsec_` signing secret. */
  secret: string;
  /** Secrets replaced by a rotation that still sign until they expire, oldest first. */
  previousSecrets: PreviousWebhookSecret[];
};

/** An ingress webhook bound to one pool. Only the SHA-256 digest of its token is stored. */
export interface IngressWebhookRecord {
  /** Webhook id (the `:id` of the ingress URL). */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The bound pool. */
  tableId: string;
  /** A label for the console. */
  name: string;
  /** Hex SHA-256 digest of the current token. */
  digest: string;
  /** Creation time (ISO-8601). */
  createdAt: string;
  /** Last rotation time, or null. */
  rotatedAt: string | null;
}

/** One telemetry event of a form widget, as received. */
export interface TelemetryRecord {
  /** Record id. */
  id: string;
  /** Owning organization. */
  organizationId: string;
  /** The form. */
  formId: string;
  /** The event as sent. */
  event: TelemetryEvent;
  /** Receipt time (ISO-8601). */
  receivedAt: string;
}
