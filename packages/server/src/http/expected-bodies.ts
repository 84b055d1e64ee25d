/**
 * What the public surfaces expect in a request body, in words a caller can act on. A 400 of a body
 * that is not JSON or has the wrong shape adds one of these to `details` (path `body`), after the
 * issues found, so a sender sees the shape it should have sent. They name keys, never values.
 *
 * @module
 */

/** The body of `POST /public/ingress_webhooks/:id`. */
export const INGRESS_BODY =
  'Expected a JSON object {"data": {...}, "customFieldData": {...}}: "data" (required) holds the ' +
  "lead's fields, each a string, an array of strings, a number, a boolean or null; " +
  '"customFieldData" (optional) maps custom-field ids to values; no other keys. ' +
  'Example: {"data": {"firstName": "Grace", "email": "grace@example.com"}}';

/** The body of `POST /public/forms/:id/submit`. */
export const SUBMIT_BODY =
  'Expected a JSON object {"data": {...}, "studioId": "...", "captchaToken": "...", "bookingSlot": {...}}: ' +
  '"data" (required) maps the form field ids of GET /public/forms/:id/config to values; "studioId" ' +
  '(on a form with several studios), "captchaToken" (when the form has a captcha) and "bookingSlot" ' +
  '{"appointmentTypeId", "calendarId", "resourceId", "startDateTime", "endDateTime"} (when it books) ' +
  'are optional; no other keys';

/** The body of `POST /public/forms/:id/holds`. */
export const HOLD_BODY =
  'Expected a JSON object {"appointmentTypeId": "...", "calendarId": "...", "startDateTime": "...", ' +
  '"endDateTime": "..."}: the slot as GET /public/forms/:id/slots lists it; "resourceId", "studioId" ' +
  '(on a form with several studios), "fieldId" and "ttlSeconds" are optional; no other keys';

/** The body of `POST /public/forms/:id/telemetry`. */
export const TELEMETRY_BODY =
  'Expected a JSON object {"events": [...]}: 1 to 50 events, each {"name": "...", "step", "errorCode", ' +
  '"durationMs", "studioId", "fieldId"} with only "name" required; no other keys';
