/**
 * Every exact message of the 2.16.0 interface, plus the messages this implementation adds. This module has no
 * runtime dependencies (no zod), so browser code can import it from `@leadbook/contract/messages`.
 *
 * @module @leadbook/contract/messages
 */

/** Every exact message of the 2.16.0 interface, plus the messages this implementation adds. */
export const ErrorMessages = {
  /** 400 on a booking race (Connect, public form). */
  slotUnavailable: 'The selected time slot is no longer available',
  /** 400 when the pool has no default lead state (Connect, ingress). */
  noDefaultLeadState: 'No default lead state',
  /** 400 prefix for an unknown custom-field id; the id follows. */
  unknownCustomField: 'Unknown custom field ID',
  /** 400 for invalid parameters or body (Connect). */
  invalidRequest: 'Invalid request',
  /** 400 for a body that is not valid JSON. */
  malformedJson: 'Request body is not valid JSON',
  /**
   * 400 on a booking (Connect on the resource planner, form submit) of a candidate that starts
   * before now: availability lists it with `available: false`.
   */
  slotStarted: 'The selected time slot has already started: choose one that starts later',
  /** 400 on a planner booking whose interval is not a candidate of a slot of the resource. */
  notBookableInterval:
    'The interval is not a bookable slot of the resource: search availability and pass one of its intervals',
  /**
   * 400 on a booking, hold or reschedule whose start breaks the appointment type's minimum notice
   * or booking horizon (extension): availability lists the candidate with `available: false`.
   */
  outsideBookingWindow:
    'The selected time slot is too soon or too far ahead for this appointment type: choose one that availability lists as available',
  /**
   * 400 when a `holdId` (a booking's, a reschedule's, a form submission's) names an active hold on
   * another interval, resource or appointment type (extension).
   */
  holdMismatch: 'The hold is for another time slot: book the interval the hold names, or hold this one',
  /** 400 when a Connect token already has the most active holds it may have (extension). */
  tooManyHolds:
    'This API token has 100 active holds, the most it may have: book or release one, or wait for one to expire',
  /** 404 for an unknown Connect path or resource. */
  notFound: 'Resource not found',
  /** 413 for a body over the size limit. */
  payloadTooLarge: 'Request body is too large',
  /** 415 on the Connect API for a body whose `Content-Type` is not JSON. */
  unsupportedMediaType: 'Request body must be JSON: send the header "Content-Type: application/json"',
  /** 500 for a storage failure. */
  databaseError: 'A database error occurred',
  /** 500 for any other failure. */
  internalError: 'An internal error occurred',
  /**
   * 503 once the service has begun to shut down (extension): the request was not carried out; send
   * it again (to another instance), after `Retry-After`.
   */
  serviceUnavailable: 'The service is shutting down: send the request again',
  /** 401 on the Connect API: missing, malformed, unknown or revoked token. */
  unauthorized: 'Missing or invalid API token. Send the header "Authorization: Bearer <API_TOKEN>".',
  /** 403 on the Connect API: the token lacks the scope. */
  forbidden: 'The API token does not have the scope this operation requires',
  /** 403 on submit with a rejected captcha token. */
  captchaFailed: 'Captcha verification failed',
  /** 400 on submit without a captcha token when the form needs one. */
  captchaMissing: 'Captcha token is required',
  /** 403 for a browser origin outside the form's allowlist. */
  originNotAllowed: 'Origin not allowed',
  /** 404 for a missing or unpublished form. */
  formNotFound: 'Form not found',
  /** 400: the calendar is not linked to any of the form's studios. */
  calendarNotAllowed: 'Calendar is not allowed for this form',
  /** 400: the resolved booking field has no `bookingConfig`. */
  formNotConfiguredForBooking: 'Form is not configured for booking',
  /** 400: the appointment type is not in the field's allowlist. */
  appointmentTypeNotAllowed: 'Appointment type is not allowed for this form',
  /** 400: on a multi-studio form, the calendar is not in the resolved studio. */
  calendarStudioMismatch: 'Calendar does not match the selected studio',
  /** 429 on the public form API. */
  tooManyRequests: 'Too Many Requests',
  /** 400 for an ingress body of the wrong shape or with type conflicts. */
  validationFailed: 'Validation failed',
  /** 401 for a missing or wrong ingress token. */
  invalidWebhookToken: 'Invalid webhook token',
  /** 404 for an unknown ingress webhook id. */
  webhookNotFound: 'Webhook not found',
} as const;

/** The key of a message in {@link ErrorMessages}. */
export type ErrorMessageKey = keyof typeof ErrorMessages;
