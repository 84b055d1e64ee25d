/**
 * External calendars of resources (an extension of the 2.16.0 API, set through the console API,
 * `service.admin.externalCalendars`): a resource linked to a calendar outside Leadbook (CalDAV, or
 * a provider the host adds) whose busy times block it and which may receive its bookings.
 *
 * A link's `connection` (URL, user name, password or token) is stored encrypted and is never
 * returned: {@link ExternalCalendarLinkSchema} has no field for it.
 *
 * @module
 */
import { z } from 'zod';
import { DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** Bounds of the external calendar console API. */
export const EXTERNAL_CALENDAR_LIMITS = {
  /**
   * Links per resource: a search and a booking read each linked calendar of each resource, so this
   * bounds the provider calls one resource costs.
   */
  linksPerResource: 5,
  /** Characters of a provider name. */
  providerLength: 50,
  /** Characters of a label. */
  labelLength: 200,
  /** Keys of a connection object. */
  connectionKeys: 20,
  /** Characters of one connection value. */
  connectionValueLength: 4096,
} as const;

const ConnectionValueSchema = z.union([
  z.string().max(EXTERNAL_CALENDAR_LIMITS.connectionValueLength),
  z.number(),
  z.boolean(),
]);

/**
 * What the provider needs to reach one calendar, such as `{ calendarUrl, username, password }` for
 * CalDAV: flat, at most {@link EXTERNAL_CALENDAR_LIMITS}`.connectionKeys` keys. Stored encrypted
 * (AES-256-GCM), never returned, never logged.
 */
export const ExternalCalendarConnectionSchema = z
  .record(z.string().min(1).max(100), ConnectionValueSchema)
  .refine((connection) => Object.keys(connection).length <= EXTERNAL_CALENDAR_LIMITS.connectionKeys, {
    message: `At most ${EXTERNAL_CALENDAR_LIMITS.connectionKeys} connection keys`,
  })
  .describe('What the provider needs to reach the calendar; stored encrypted, never returned');

/** Input of `admin.externalCalendars.link`: which resource, which provider, how to reach it. */
export const ExternalCalendarLinkInputSchema = z
  .object({
    resourceId: UuidSchema.describe('The resource the calendar belongs to'),
    provider: z
      .string()
      .trim()
      .min(1)
      .max(EXTERNAL_CALENDAR_LIMITS.providerLength)
      .describe('A provider the service was given (`externalCalendars.providers`), such as `caldav`'),
    label: z
      .string()
      .trim()
      .max(EXTERNAL_CALENDAR_LIMITS.labelLength)
      .nullable()
      .default(null)
      .describe('A name for the console, such as "Work calendar"'),
    countsAsBusy: z
      .boolean()
      .default(true)
      .describe("Whether the calendar's busy times block the resource (default true)"),
    receivesBookings: z
      .boolean()
      .default(false)
      .describe("Whether the resource's bookings are written to it (at most one link per resource)"),
    connection: ExternalCalendarConnectionSchema,
  })
  .strict();

/** A resource's link to an external calendar, as every call returns it: never its connection. */
export const ExternalCalendarLinkSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  resourceId: UuidSchema,
  provider: z.string(),
  label: z.string().nullable(),
  countsAsBusy: z.boolean(),
  receivesBookings: z.boolean(),
  encryptionKeyId: z
    .string()
    .describe('The id of the key that encrypts the connection (see key rotation in the guide)'),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});

/**
 * Why a search shows a resource's candidates as unavailable although its slots are free: one of
 * its busy-counting calendars failed or timed out, so its busy times are unknown (fail closed).
 */
export const EXTERNAL_CALENDAR_UNAVAILABLE_REASON = 'externalCalendarUnavailable';

/**
 * Why a candidate is unavailable, when the service knows more than `available: false` says (an
 * extension, absent otherwise): `externalCalendarUnavailable` when a linked external calendar of
 * its resource failed or timed out, so its busy times are unknown (fail closed).
 */
export const UnavailableReasonSchema = z
  .literal(EXTERNAL_CALENDAR_UNAVAILABLE_REASON)
  .describe(
    'Present on a candidate shown unavailable because a linked external calendar of its resource failed or timed out (its busy times are unknown); search again later',
  );
