/**
 * The logger port: where the service reports what it handled and what failed. The default is
 * silent, as an embedded library should be.
 *
 * Every line is a message plus {@link LogFields}: a line written while a request is answered
 * carries that request's `requestId` (and its `organizationId` once that is known: after Connect
 * auth, once a public form is loaded, once an ingress token is checked), so a host can follow one
 * request through its logs. A failure goes in `error`
 * as `{ name, message, code? }`. No line ever carries an API token, an ingress token, an
 * `Authorization` header, a webhook secret, an email address or a lead's data: the service logs ids,
 * counts, statuses and route patterns, never request bodies or header values.
 *
 * @module
 */

/** A failure, as a log line carries it. */
export interface LoggedError {
  /** The error's class name, such as `StorageError`. */
  name: string;
  /** The error's message. */
  message: string;
  /** A machine-readable code, when the error has one (a SQLSTATE, `ECONNREFUSED`). */
  code?: string;
}

/** The structured fields of a log line. Fields beyond these are plain values (ids, counts, statuses). */
export interface LogFields {
  /** The request being answered (the `x-request-id` the answer carries). */
  requestId?: string;
  /** The organization the request acts for, once it is known (after auth, or the form's load). */
  organizationId?: string;
  /** What failed. */
  error?: LoggedError;
  /** Other fields: ids, counts, statuses, durations. */
  [field: string]: unknown;
}

/**
 * A structured logger: each method takes a message and {@link LogFields}. Messages never carry
 * secrets (see the module notes).
 */
export interface Logger {
  /** Debug detail: one line per request answered, deliveries made. */
  debug(message: string, fields?: LogFields): void;
  /** Normal operation: console actions, shutdown steps. */
  info(message: string, fields?: LogFields): void;
  /** Something unexpected that the service handled: a failed webhook attempt, a failing health check. */
  warn(message: string, fields?: LogFields): void;
  /** A failure: a 500, a storage failure, a scheduler that did not start. */
  error(message: string, fields?: LogFields): void;
}

/** A logger that drops everything (the default: an embedded library stays quiet). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** The {@link LoggedError} of anything thrown. */
export function errorFields(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  };
}
