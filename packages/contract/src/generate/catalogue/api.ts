/**
 * The named types of the API's requests, responses, errors and events: availability, bookings,
 * holds, booking rules, calendars, error envelopes and automation events.
 *
 * @module
 */
import { ScopeSchema } from '../../auth';
import {
  AvailabilityQuerySchema,
  AvailabilityResponseSchema,
  AvailabilitySlotSchema,
} from '../../availability';
import { CalendarBookingSchema, CreateCalendarBookingBodySchema } from '../../booking';
import { BookingRulesSchema } from '../../booking-rules';
import { CalendarDetailSchema, CalendarSchema, ScheduleTypeSchema } from '../../calendar';
import {
  ConnectAuthErrorSchema,
  ConnectErrorSchema,
  IngressErrorSchema,
  PublicFormErrorSchema,
  TypeErrorEntrySchema,
  ValidationIssueSchema,
} from '../../errors';
import { EventTypeSchema, ServiceEventSchema, TriggerContextSchema } from '../../events';
import {
  BookingHoldSchema,
  CreateBookingHoldBodySchema,
  PublicHoldBodySchema,
  RescheduleCalendarBookingBodySchema,
} from '../../holds';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const apiTypes = {
  Scope: { schema: ScopeSchema, mode: 'output', doc: 'A Connect API scope: `read`, `write` or `admin`.' },
  AvailabilityQuery: {
    schema: AvailabilityQuerySchema,
    mode: 'output',
    doc: 'The query of `GET /connect/availability/`.',
  },
  AvailabilitySlot: {
    schema: AvailabilitySlotSchema,
    mode: 'output',
    doc: 'One candidate of an availability search.',
  },
  AvailabilityResponse: {
    schema: AvailabilityResponseSchema,
    mode: 'output',
    doc: 'The response of `GET /connect/availability/`.',
  },
  CalendarBooking: { schema: CalendarBookingSchema, mode: 'output', doc: 'A calendar booking.' },
  CreateCalendarBookingBody: {
    schema: CreateCalendarBookingBodySchema,
    mode: 'output',
    doc: 'The body of `POST /connect/calendar_bookings/`.',
  },
  RescheduleCalendarBookingBody: {
    schema: RescheduleCalendarBookingBodySchema,
    mode: 'output',
    doc: 'The body of `PATCH /connect/calendar_bookings/:id` (extension): the new interval, and optionally resource.',
  },
  CreateBookingHoldBody: {
    schema: CreateBookingHoldBodySchema,
    mode: 'output',
    doc: 'The body of `POST /connect/booking_holds/` (extension): one candidate of the availability search.',
  },
  PublicHoldBody: {
    schema: PublicHoldBodySchema,
    mode: 'output',
    doc: 'The body of `POST /public/forms/:id/holds` (extension): the slot a visitor picked.',
  },
  BookingHold: {
    schema: BookingHoldSchema,
    mode: 'output',
    doc: 'A slot hold (extension): pass its `id` as `holdId` when booking or submitting before `expiresAt`.',
  },
  BookingRules: {
    schema: BookingRulesSchema,
    mode: 'output',
    doc: 'The booking rules of an appointment type (extension); an absent or null rule is off.',
  },
  Calendar: { schema: CalendarSchema, mode: 'output', doc: 'A calendar.' },
  ScheduleType: { schema: ScheduleTypeSchema, mode: 'output', doc: 'A legacy schedule type.' },
  CalendarDetail: { schema: CalendarDetailSchema, mode: 'output', doc: 'The single-calendar response.' },
  ValidationIssue: { schema: ValidationIssueSchema, mode: 'output', doc: 'One validation issue.' },
  ConnectError: { schema: ConnectErrorSchema, mode: 'output', doc: 'The Connect error envelope.' },
  ConnectAuthError: {
    schema: ConnectAuthErrorSchema,
    mode: 'output',
    doc: 'The Connect authentication error envelope.',
  },
  PublicFormError: { schema: PublicFormErrorSchema, mode: 'output', doc: 'The public form error envelope.' },
  TypeErrorEntry: {
    schema: TypeErrorEntrySchema,
    mode: 'output',
    doc: 'One type conflict found by ingress schema inference.',
  },
  IngressError: { schema: IngressErrorSchema, mode: 'output', doc: 'The ingress error envelope.' },
  EventType: { schema: EventTypeSchema, mode: 'output', doc: 'An automation event name.' },
  TriggerContext: { schema: TriggerContextSchema, mode: 'output', doc: 'Who started an event.' },
  ServiceEvent: { schema: ServiceEventSchema, mode: 'output', doc: 'An automation event.' },
} satisfies Record<string, TypeEntry>;
