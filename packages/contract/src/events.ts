/**
 * Automation events: names, trigger context and the event envelope.
 *
 * @module
 */
import { z } from 'zod';
import { CalendarBookingSchema } from './booking';
import { NOTIFICATION_FAILURE_REASONS, NOTIFICATION_KINDS } from './notification-settings';
import { DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';
import { TableEntrySchema } from './table-entry';
import type { EventType, ServiceEvent } from './types.generated';

/**
 * The automation event names: the six of the 2.16.0 interface, then the meeting events (an extension: a
 * booking's video meeting was created, or failed after its retries), `rescheduled` (an
 * extension: `PATCH /connect/calendar_bookings/:id` moved a booking), `notificationFailed` (an
 * extension: an email to the lead was not sent) and `calendarEventFailed` (an extension: a booking
 * could not be written to its resource's external calendar).
 */
export const EVENT_TYPES = [
  'table.entry.added',
  'table.entry.leadState.changed',
  'calendar.appointment.booked',
  'calendar.appointment.hasStarted',
  'calendar.appointment.hasEnded',
  'calendar.appointment.deleted',
  'calendar.appointment.meetingCreated',
  'calendar.appointment.meetingFailed',
  'calendar.appointment.rescheduled',
  'calendar.appointment.notificationFailed',
  'calendar.appointment.calendarEventFailed',
] as const;

/** The event names added to the 2.16.0 interface (extensions). */
export const EXTENSION_EVENT_TYPES = [
  'calendar.appointment.meetingCreated',
  'calendar.appointment.meetingFailed',
  'calendar.appointment.rescheduled',
  'calendar.appointment.notificationFailed',
  'calendar.appointment.calendarEventFailed',
] as const satisfies ReadonlyArray<(typeof EVENT_TYPES)[number]>;

/** An automation event name. */
export const EventTypeSchema = z.enum(EVENT_TYPES);

/** Where an action came from. */
export const TRIGGER_SOURCES = ['connect', 'console', 'form', 'ingress'] as const;

/**
 * Who started an event. A Connect call carries its `apiTokenId` and `memberId: null`; a console
 * action carries `apiTokenId: null` and the real `memberId` (or null when none was given); form
 * submissions carry `formId`, ingress posts `ingressWebhookId`. Scheduled events (`hasStarted`,
 * `hasEnded`, the meeting events) carry the context of the action that created the booking.
 */
export const TriggerContextSchema = z.object({
  source: z.enum(TRIGGER_SOURCES),
  apiTokenId: UuidSchema.nullable(),
  memberId: z.string().nullable(),
  formId: UuidSchema.optional(),
  ingressWebhookId: UuidSchema.optional(),
});

const envelope = {
  id: UuidSchema.describe('Unique id of this event'),
  occurredAt: DateTimeSchema,
  organizationId: OrganizationIdSchema,
  trigger: TriggerContextSchema,
};

const entryAdded = z.object({
  ...envelope,
  type: z.literal('table.entry.added'),
  payload: z.object({ entry: TableEntrySchema }),
});

const leadStateChanged = z.object({
  ...envelope,
  type: z.literal('table.entry.leadState.changed'),
  payload: z.object({
    entry: TableEntrySchema,
    previousLeadStateId: UuidSchema.nullable().describe('null for the initial state of a new entry'),
    leadStateId: UuidSchema,
  }),
});

const appointment = <T extends EventType>(type: T) =>
  z.object({ ...envelope, type: z.literal(type), payload: z.object({ booking: CalendarBookingSchema }) });

const meetingFailed = z.object({
  ...envelope,
  type: z.literal('calendar.appointment.meetingFailed'),
  payload: z.object({
    booking: CalendarBookingSchema,
    reason: z.string().describe('Why the meeting could not be created or moved (the last error)'),
  }),
});

const rescheduled = z.object({
  ...envelope,
  type: z.literal('calendar.appointment.rescheduled'),
  payload: z.object({
    booking: CalendarBookingSchema.describe('The booking at its new time'),
    previous: z
      .object({
        startDateTime: DateTimeSchema,
        endDateTime: DateTimeSchema,
        resourceId: UuidSchema.nullable(),
        resourceSlotId: UuidSchema.nullable(),
      })
      .describe('Where the booking was before'),
  }),
});

const notificationFailed = z.object({
  ...envelope,
  type: z.literal('calendar.appointment.notificationFailed'),
  payload: z.object({
    booking: CalendarBookingSchema.describe('The booking the message was about, as it was then'),
    notification: z.object({
      kind: z.enum(NOTIFICATION_KINDS).describe('Which message'),
      messageId: z.string().describe('The message id (its Message-ID header)'),
      reason: z
        .enum(NOTIFICATION_FAILURE_REASONS)
        .describe(
          '`noRecipient`: the lead has no email address; `rejected`: the mail server refused it for good; ' +
            '`retriesExhausted`: temporary failures outlasted the retries',
        ),
      detail: z.string().describe('What went wrong, for people'),
    }),
  }),
});

/** What a write-back to an external calendar was doing when it failed. */
export const CALENDAR_EVENT_OPERATIONS = ['create', 'move', 'delete'] as const;

/** Why a write-back to an external calendar gave up (the `reason` of `calendarEventFailed`). */
export const CALENDAR_EVENT_FAILURE_REASONS = ['rejected', 'retriesExhausted'] as const;

const calendarEventFailed = z.object({
  ...envelope,
  type: z.literal('calendar.appointment.calendarEventFailed'),
  payload: z.object({
    booking: CalendarBookingSchema.describe('The booking whose event it was, as it was then'),
    calendarEvent: z.object({
      operation: z.enum(CALENDAR_EVENT_OPERATIONS).describe('What the write-back was doing'),
      externalCalendarLinkId: UuidSchema.describe("The receiving link of the booking's resource"),
      reason: z
        .enum(CALENDAR_EVENT_FAILURE_REASONS)
        .describe(
          '`rejected`: the calendar refused it for good; `retriesExhausted`: temporary failures outlasted the retries',
        ),
      detail: z.string().describe('What went wrong, for people (never a credential)'),
    }),
  }),
});

/**
 * The event envelope: `type`, `occurredAt`, `organizationId`, `trigger` and a `payload` per type.
 * Entry events carry the `entry` (and for state changes the previous
 * and new `leadStateId`); appointment events carry the `booking` with its meeting fields as they
 * are when the event fires (`booked` fires before the meeting exists: `meetingStatus: 'pending'`);
 * `meetingFailed` also carries the `reason`; `rescheduled` carries the booking at its new time and
 * its `previous` interval and resource; `notificationFailed` carries the booking and the
 * `notification` that was not sent; `calendarEventFailed` the booking and the `calendarEvent`
 * write-back that failed.
 */
export const ServiceEventSchema = z.discriminatedUnion('type', [
  entryAdded,
  leadStateChanged,
  appointment('calendar.appointment.booked'),
  appointment('calendar.appointment.hasStarted'),
  appointment('calendar.appointment.hasEnded'),
  appointment('calendar.appointment.deleted'),
  appointment('calendar.appointment.meetingCreated'),
  meetingFailed,
  rescheduled,
  notificationFailed,
  calendarEventFailed,
]);

/** The event of one type, for example `EventOf<'calendar.appointment.booked'>`. */
export type EventOf<T extends EventType> = Extract<ServiceEvent, { type: T }>;
