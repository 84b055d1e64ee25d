import type {
  AppointmentType,
  AppointmentTypeResourceMapping,
  AvailabilityResponse,
  AvailabilitySlot,
  Calendar,
  CalendarBooking,
  CalendarDetail,
  PublicAppointmentType,
  PublicFormAvailability,
  PublicFormConfig,
  PublicSlotsResponse,
  Resource,
  ResourceCalendarMapping,
  ResourceSlot,
  ResourceSlotBlocker,
  SubmitResponse,
  Table,
  TableDetail,
  TableEntry,
  TypeErrorEntry,
  WebhookEvent,
  WebhookEventOf,
} from '@leadbook/contract';
import { describe, expectTypeOf, it } from 'vitest';
import {
  isAppointmentBooked,
  isLeadStateChanged,
  isMeetingFailed,
  isUnknownWebhookEvent,
  isWebhookEventType,
  isWebhookPing,
  verifyWebhook,
  isApiError,
  isNotFoundError,
  isRateLimitError,
  unset,
  type ApiError,
  type BookFirstAvailableResult,
  type ConnectClient,
  type IngressClient,
  type OperationBody,
  type RateLimitError,
  type ReceivedWebhookEvent,
  type UnknownWebhookEvent,
  type UnknownWebhookEventType,
  type ValidationError,
} from '@leadbook/sdk';
import type { PublicFormClient } from '@leadbook/sdk/public-form';

declare const client: ConnectClient;
declare const form: PublicFormClient;
declare const ingress: IngressClient;
const id = '00000000-0000-4000-8000-000000000000';

describe('responses are typed from the contract', () => {
  it('Connect lookups', () => {
    expectTypeOf(client.calendars.list()).resolves.toEqualTypeOf<Calendar[]>();
    expectTypeOf(client.calendars.get(id)).resolves.toEqualTypeOf<CalendarDetail>();
    expectTypeOf(client.tables.list()).resolves.toEqualTypeOf<Table[]>();
    expectTypeOf(client.tables.get(id)).resolves.toEqualTypeOf<TableDetail>();
    expectTypeOf(client.appointmentTypes.list()).resolves.toEqualTypeOf<AppointmentType[]>();
    expectTypeOf(client.appointmentTypes.get(id)).resolves.toEqualTypeOf<AppointmentType>();
    expectTypeOf(client.resources.get(id)).resolves.toEqualTypeOf<Resource>();
    expectTypeOf(client.resourceSlots.list()).resolves.toEqualTypeOf<ResourceSlot[]>();
    expectTypeOf(client.resourceSlotBlockers.list()).resolves.toEqualTypeOf<ResourceSlotBlocker[]>();
    expectTypeOf(client.resourceCalendarMappings.list()).resolves.toEqualTypeOf<ResourceCalendarMapping[]>();
    expectTypeOf(client.appointmentTypeResourceMappings.list()).resolves.toEqualTypeOf<
      AppointmentTypeResourceMapping[]
    >();
  });

  it('availability, leads and bookings', () => {
    const search = client.availability.search({
      calendarId: id,
      appointmentTypeId: id,
      start: new Date(),
      end: '',
    });
    expectTypeOf(search).resolves.toEqualTypeOf<AvailabilityResponse>();
    expectTypeOf(search).resolves.toHaveProperty('data').items.toEqualTypeOf<AvailabilitySlot>();
    expectTypeOf(
      client.leads.create({ tableId: id, leadStateId: id, data: {} }),
    ).resolves.toEqualTypeOf<TableEntry>();
    expectTypeOf(client.leads.update(id, { data: unset('fax') })).resolves.toEqualTypeOf<TableEntry>();
    // null for a whole object is accepted (it changes nothing), as SPEC 4.1 allows.
    expectTypeOf(
      client.leads.update(id, { data: null, customFieldData: null }),
    ).resolves.toEqualTypeOf<TableEntry>();
    expectTypeOf(
      client.bookings.create({ calendarId: id, startDateTime: '', endDateTime: '' }),
    ).resolves.toEqualTypeOf<CalendarBooking>();
    expectTypeOf(client.bookings.delete(id)).resolves.toEqualTypeOf<void>();
    expectTypeOf(client.bookings.get(id)).resolves.toEqualTypeOf<CalendarBooking>();
    // The meeting fields as the service fills them: null until the meeting exists.
    expectTypeOf<CalendarBooking['meetingStatus']>().toEqualTypeOf<
      'pending' | 'created' | 'failed' | 'deleted' | null | undefined
    >();
    expectTypeOf<CalendarBooking['meetingUrl']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<CalendarBooking['meetingProvider']>().toEqualTypeOf<'zoom' | null | undefined>();
    expectTypeOf(
      client.bookFirstAvailable({ calendarId: id, appointmentTypeId: id, start: '', end: '' }),
    ).resolves.toEqualTypeOf<BookFirstAvailableResult>();
    expectTypeOf<BookFirstAvailableResult['booking']>().toEqualTypeOf<CalendarBooking>();
    expectTypeOf<BookFirstAvailableResult['slot']>().toEqualTypeOf<AvailabilitySlot>();
  });

  it('public form and ingress', () => {
    expectTypeOf(form.config()).resolves.toEqualTypeOf<PublicFormConfig>();
    expectTypeOf(form.availability()).resolves.toEqualTypeOf<PublicFormAvailability>();
    expectTypeOf(
      form.slots({ calendarId: id, appointmentTypeId: id, start: '', end: '' }),
    ).resolves.toEqualTypeOf<PublicSlotsResponse>();
    expectTypeOf(form.appointmentTypes({ calendarId: id })).resolves.toEqualTypeOf<PublicAppointmentType[]>();
    expectTypeOf(form.submit({ data: {} })).resolves.toEqualTypeOf<SubmitResponse>();
    expectTypeOf(ingress.push({ data: { email: 'a@b.c' } })).resolves.toEqualTypeOf<TableEntry>();
  });

  it('request types come from the operation schemas', () => {
    expectTypeOf<OperationBody<'createTableEntry'>>().toHaveProperty('leadStateId').toEqualTypeOf<string>();
    expectTypeOf(unset('a', 'b')).toEqualTypeOf<{ a: null; b: null }>();
  });
});

describe('wrong request fields fail to compile', () => {
  it('rejects unknown, missing and mistyped fields', () => {
    // @ts-expect-error leadStateId is required
    void client.leads.create({ tableId: id, data: {} });
    // @ts-expect-error unknown field (the server's schemas are strict)
    void client.leads.create({ tableId: id, leadStateId: id, data: {}, status: 'new' });
    // @ts-expect-error data must be an object
    void client.leads.create({ tableId: id, leadStateId: id, data: 'ada' });
    // @ts-expect-error leadStateId cannot be deleted with null
    void client.leads.update(id, { leadStateId: null });
    // @ts-expect-error startDateTime is required
    void client.bookings.create({ calendarId: id, endDateTime: '' });
    // @ts-expect-error calendarId is required
    void client.availability.search({ appointmentTypeId: id, start: '', end: '' });
    // @ts-expect-error unknown filter
    void client.resourceSlots.list({ tableId: id });
    // @ts-expect-error ingress values are strings, string arrays, numbers, booleans or null
    void ingress.push({ data: { nested: { a: 1 } } });
    // @ts-expect-error bookingSlot needs startDateTime and endDateTime
    void form.submit({ data: {}, bookingSlot: { calendarId: id, appointmentTypeId: id } });
    void client.bookFirstAvailable({
      calendarId: id,
      appointmentTypeId: id,
      start: '',
      end: '',
      // @ts-expect-error maxAttempts is a number
      maxAttempts: '3',
    });
  });
});

describe('errors', () => {
  it('guards narrow, and their false branch keeps the parent type', () => {
    const error: unknown = undefined;
    if (isRateLimitError(error)) {
      expectTypeOf(error).toEqualTypeOf<RateLimitError>();
      expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
    }
    if (isApiError(error)) {
      if (isNotFoundError(error)) return;
      expectTypeOf(error).toEqualTypeOf<ApiError>();
      expectTypeOf(error.status).toEqualTypeOf<number>();
    }
  });

  it('ingress type errors are typed', () => {
    expectTypeOf<ValidationError['typeErrors']>().toEqualTypeOf<readonly TypeErrorEntry[]>();
  });
});

describe('webhook events', () => {
  it('verifyWebhook returns the known envelopes or an unknown one; each guard narrows it to its type', () => {
    const event = verifyWebhook('whsec_x', {}, '');
    expectTypeOf(event).toEqualTypeOf<ReceivedWebhookEvent>();
    expectTypeOf(event).toEqualTypeOf<WebhookEvent | UnknownWebhookEvent>();
    if (isAppointmentBooked(event)) {
      expectTypeOf(event.data.payload.booking).toEqualTypeOf<CalendarBooking>();
      expectTypeOf(event.type).toEqualTypeOf<'calendar.appointment.booked'>();
    }
    if (isLeadStateChanged(event)) {
      expectTypeOf(event.data.payload.previousLeadStateId).toEqualTypeOf<string | null>();
      expectTypeOf(event.data.payload.entry).toEqualTypeOf<TableEntry>();
    }
    if (isMeetingFailed(event)) expectTypeOf(event.data.payload.reason).toEqualTypeOf<string>();
    if (isWebhookPing(event)) expectTypeOf(event.data.subscriptionId).toEqualTypeOf<string>();
    if (isWebhookEventType(event, 'calendar.appointment.hasEnded')) {
      expectTypeOf(event).toEqualTypeOf<WebhookEventOf<'calendar.appointment.hasEnded'>>();
    }
    if (isUnknownWebhookEvent(event)) {
      expectTypeOf(event.type).toEqualTypeOf<UnknownWebhookEventType>();
      expectTypeOf(event.type).toMatchTypeOf<string>();
      expectTypeOf(event.data).toEqualTypeOf<Readonly<Record<string, unknown>>>();
    }
  });

  it('a switch on the known types narrows each case; the unknown ones are left for default', () => {
    const event = verifyWebhook('whsec_x', {}, '');
    switch (event.type) {
      case 'calendar.appointment.meetingCreated':
        expectTypeOf(event).toEqualTypeOf<WebhookEventOf<'calendar.appointment.meetingCreated'>>();
        break;
      case 'table.entry.added':
        expectTypeOf(event.data.payload.entry).toEqualTypeOf<TableEntry>();
        break;
      case 'webhook.ping':
        expectTypeOf(event.data.message).toEqualTypeOf<string>();
        break;
      default:
        // The other known types and a type added later: an exhaustive `never` check would not hold.
        expectTypeOf<UnknownWebhookEvent>().toExtend<typeof event>();
        expectTypeOf<WebhookEventOf<'calendar.appointment.meetingFailed'>>().toExtend<typeof event>();
        expectTypeOf<WebhookEventOf<'webhook.ping'>>().not.toExtend<typeof event>();
        expectTypeOf(event.type).toExtend<string>();
    }
  });
});
