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
  Calendar,
  CustomField,
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
} from '@leadbook/contract';

export type * from './records/bookings';
export type * from './records/webhooks';
export type * from './records/external-calendars';
export type * from './records/calendar-feeds';
export type * from './records/notifications';
export type * from './records/calendar-events';

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
