/**
 * `PublicFormClient`: the unauthenticated public form API, for the browser. It imports
 * only types from the contract, so no zod reaches the page.
 *
 * @module
 */
import type { ApiPromise } from '../core/api-promise';
import type {
  BookingHold,
  PublicHoldBody,
  PublicAppointmentType,
  PublicAppointmentTypesQuery,
  PublicCalendar,
  PublicFormAvailability,
  PublicFormConfig,
  PublicSlotsQuery,
  PublicSlotsResponse,
  SubmitBody,
  SubmitResponse,
} from '@leadbook/contract/types';
import type { TelemetryEvent } from '@leadbook/contract/types';
import { createHttp, type Http } from '../core/http';
import type { ClientOptions, RequestOptions } from '../core/options';
import { toQuery } from '../core/query';
import {
  createTelemetryBatcher,
  type TelemetryBatcher,
  type TelemetryBatcherOptions,
} from './telemetry-batcher';

/** Options of {@link PublicFormClient}. */
export interface PublicFormClientOptions extends ClientOptions {
  /** The service's base URL (required: a browser has no environment variables). */
  baseUrl: string;
  /** The form id. */
  formId: string;
  /** Options of the telemetry batcher. */
  telemetry?: TelemetryBatcherOptions;
}

/** The query of `slots`: as the API takes it, with `start`/`end` as ISO-8601 or `Date`. */
export type PublicSlotsParams = Omit<PublicSlotsQuery, 'start' | 'end' | 'onlyAvailable'> & {
  /** Range start (inclusive). */
  start: string | Date;
  /** Range end (inclusive). */
  end: string | Date;
  /**
   * Only slots with `available: true`: the service leaves the others out of the answer (the
   * `onlyAvailable` extension). Default: false.
   */
  onlyAvailable?: boolean;
};

/**
 * The public form client: reads a published form's configuration, offers its appointment types and
 * slots, submits it, and batches widget telemetry. GET requests carry no custom headers, so a
 * browser sends them without a CORS preflight.
 *
 * @example
 * ```ts
 * import { PublicFormClient } from '@leadbook/sdk/public-form';
 *
 * const form = new PublicFormClient({ baseUrl: 'https://leadbook.example.com', formId });
 * const config = await form.config();
 * ```
 */
export class PublicFormClient {
  /** The form id. */
  readonly formId: string;
  /** The telemetry batcher of this form. */
  readonly telemetry: TelemetryBatcher;
  readonly #http: Http;
  readonly #path: string;

  /** @param options - Base URL, form id, transport and telemetry options. */
  constructor(options: PublicFormClientOptions) {
    this.formId = options.formId;
    const http = (this.#http = createHttp(options));
    const telemetryPath = (this.#path = `/public/forms/${encodeURIComponent(options.formId)}`) + '/telemetry';
    this.telemetry = createTelemetryBatcher(
      {
        send: (events) =>
          this.#call('POST', '/telemetry', { maxRetries: 0 }, { body: { events } }).then(() => {}),
        beacon: (events) => sendBeacon(http, telemetryPath, events),
      },
      options.telemetry,
    );
  }

  #call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: RequestOptions | undefined,
    input: { query?: object; body?: unknown } = {},
  ): ApiPromise<T> {
    return this.#http.call<T>({
      method,
      path: this.#path + path,
      query: toQuery(input.query),
      body: input.body,
      options,
    });
  }

  /**
   * Reads the public configuration of the form: fields, studios and the captcha site key
   * (`GET /public/forms/:id/config`).
   *
   * @throws {@link NotFoundError} when the form is missing or unpublished.
   * @example
   * ```ts
   * const { fields, studios, captcha } = await form.config();
   * ```
   */
  config(options?: RequestOptions): ApiPromise<PublicFormConfig> {
    return this.#call('GET', '/config', options);
  }

  /**
   * Lists the form's calendars with their names and IANA time zones
   * (`GET /public/forms/:id/calendars`; an extension of the 2.16.0 API): each calendar of the
   * form's studios once, in form order, never an archived one. The configuration names studios and
   * calendar ids only; this names the calendars for a picker and gives the zone to show beside times.
   *
   * @throws {@link NotFoundError} when the form is missing or unpublished.
   * @example
   * ```ts
   * const calendars = await form.calendars();
   * const berlin = calendars.find((c) => c.id === calendarId); // { id, name: 'Berlin', timeZone: 'Europe/Berlin' }
   * ```
   */
  calendars(options?: RequestOptions): ApiPromise<PublicCalendar[]> {
    return this.#call('GET', '/calendars', options);
  }

  /**
   * Checks that the form is published and reads its captcha provider
   * (`GET /public/forms/:id/availability`).
   *
   * @example
   * ```ts
   * const { captchaProvider } = await form.availability();
   * ```
   */
  availability(options?: RequestOptions): ApiPromise<PublicFormAvailability> {
    return this.#call('GET', '/availability', options);
  }

  /**
   * Lists bookable slots of a calendar for an appointment type (`GET /public/forms/:id/slots`);
   * with `onlyAvailable`, only those with `available: true`.
   *
   * @throws {@link ValidationError} for a range over 92 days, `end` before `start`, or a search of
   *   more than 100,000 candidates (available or not): search a shorter range or one resource.
   * @example
   * ```ts
   * const { data: free, meta } = await form.slots({
   *   calendarId,
   *   appointmentTypeId,
   *   start: new Date(),
   *   end: inTwoWeeks,
   *   onlyAvailable: true,
   * });
   * ```
   */
  slots(query: PublicSlotsParams, options?: RequestOptions): ApiPromise<PublicSlotsResponse> {
    return this.#call('GET', '/slots', options, { query });
  }

  /**
   * Lists the appointment types the form offers on a calendar
   * (`GET /public/forms/:id/appointment-types`).
   *
   * @example
   * ```ts
   * const types = await form.appointmentTypes({ calendarId });
   * ```
   */
  appointmentTypes(
    query: PublicAppointmentTypesQuery,
    options?: RequestOptions,
  ): ApiPromise<PublicAppointmentType[]> {
    return this.#call('GET', '/appointment-types', options, { query });
  }

  /**
   * Submits the form (`POST /public/forms/:id/submit`): `data` is keyed by field id. Not retried (a
   * submission is not idempotent). Validation messages in the thrown {@link ValidationError} are
   * meant for the visitor; the first failing step of the server's checks answers (captcha, studio,
   * fields, phone numbers, appointment type, consent, booking slot, capacity).
   *
   * @throws {@link SlotUnavailableError} when the chosen slot filled up; {@link PermissionError} for
   *   a rejected captcha; {@link RateLimitError} after 5 submissions a minute; {@link ValidationError}
   *   for a `holdId` that holds another slot (an unknown or expired one is ignored).
   * @example
   * ```ts
   * const { submissionId } = await form.submit({
   *   data: { [emailFieldId]: 'ada@example.com', [consentFieldId]: 'true' },
   *   captchaToken,
   *   bookingSlot: { calendarId, appointmentTypeId, resourceId: slot.resourceId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime },
   * });
   * ```
   */
  submit(body: SubmitBody, options?: RequestOptions): ApiPromise<SubmitResponse> {
    return this.#call('POST', '/submit', options, { body });
  }

  /**
   * Holds the slot the visitor picked for a few minutes (`POST /public/forms/:id/holds`; an
   * extension of the 2.16.0 API): until `expiresAt` its place counts as taken for everyone else,
   * and `submit` with the hold's `id` as `holdId` books it. One active hold per form and visitor: a
   * new hold replaces the previous one. Not retried (like submit); limited to 10 a minute per visitor.
   *
   * @throws {@link SlotUnavailableError} when the slot is already full; {@link RateLimitError} over
   *   the limit; {@link ValidationError} for a slot the form does not offer.
   * @example
   * ```ts
   * const hold = await form.hold({ calendarId, appointmentTypeId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime });
   * // ... the visitor fills in the form ...
   * await form.submit({ data, bookingSlot: { calendarId, appointmentTypeId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime }, holdId: hold.id });
   * ```
   */
  hold(body: PublicHoldBody, options?: RequestOptions): ApiPromise<BookingHold> {
    return this.#call('POST', '/holds', options, { body });
  }
}

/**
 * Sends a batch while the page hides. The body goes as `text/plain` (what `sendBeacon` does with a
 * string), which needs no CORS preflight; the service reads it as JSON all the same.
 */
function sendBeacon(http: Http, path: string, events: TelemetryEvent[]): void {
  const url = http.url(path);
  const body = JSON.stringify({ events });
  const nav = (globalThis as { navigator?: { sendBeacon?: (url: string, body: string) => boolean } })
    .navigator;
  if (nav?.sendBeacon?.(url, body)) return;
  const send = http.config.fetch ?? globalThis.fetch;
  void send(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
