/**
 * The widget's public types: its hook, its labels and its events' details.
 *
 * @module
 */

/** What the captcha hook is given: the form's provider and site key, and a light-DOM container. */
export interface CaptchaRequest {
  /** `turnstile`, `hcaptcha` or `recaptcha`. */
  provider: string;
  /** The form's public site key. */
  siteKey: string;
  /** An element in the host page (slotted into the widget) to render the provider's widget into. */
  container: HTMLElement;
}

/** The captcha hook: returns (or resolves to) the provider's token. */
export type CaptchaHook = (request: CaptchaRequest) => string | Promise<string>;

/**
 * Names and zones of calendars, by id, for the calendar picker and beside the times. The widget
 * reads both from the service (`GET /public/forms/:id/calendars`); a label set here overrides it.
 */
export type CalendarLabels = Record<string, { name?: string; timeZone?: string }>;

/** The widget's steps, as `leadbook:step` reports them. */
export type BookingStep = 'time' | 'details' | 'done';

/** `detail` of `leadbook:booked`. */
export interface BookedDetail {
  /** The form submission's id (the visitor's reference). */
  submissionId: string;
  /** Start of the booked time (ISO-8601, UTC). */
  startDateTime: string;
  /** End of the booked time (ISO-8601, UTC). */
  endDateTime: string;
  /** The calendar booked. */
  calendarId: string;
  /** The appointment type booked. */
  appointmentTypeId: string;
}

/** `detail` of `leadbook:error`. */
export interface ErrorDetail {
  /** The message the visitor was shown. */
  message: string;
  /** The HTTP status, for an answer of the service. */
  status?: number;
  /** The error itself. */
  error: unknown;
}
