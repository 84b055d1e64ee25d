/**
 * Nodemailer failures as `NotifierError`s: a 4xx SMTP reply is temporary, a 5xx reply permanent,
 * and a failure without a reply (connection refused, timeout, TLS) is worth trying again.
 *
 * @module
 */
import { isNotifierError, NotifierError } from '@leadbook/server';

interface NodemailerFailure {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
}

/**
 * The {@link NotifierError} for a failed send. Its message holds nodemailer's (the SMTP reply or
 * the socket error), which never includes the credentials.
 */
export function notifierErrorFrom(error: unknown): NotifierError {
  if (isNotifierError(error)) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as NodemailerFailure;
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const code = typeof failure.code === 'string' ? failure.code : undefined;
  const detail = typeof failure.message === 'string' ? failure.message : String(error);
  const retryable = responseCode === undefined ? true : responseCode < 500;
  const prefix = responseCode === undefined ? `smtp ${code ?? 'error'}` : `smtp ${responseCode}`;
  return new NotifierError(`${prefix}: ${detail}`, {
    retryable,
    ...(responseCode === undefined ? {} : { responseCode }),
    cause: error,
  });
}
