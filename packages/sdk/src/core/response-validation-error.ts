/**
 * `ResponseValidationError`, in its own module because only the zod-validating clients (Connect,
 * ingress) throw it; the browser entry does without it.
 *
 * @module
 */
import type { ValidationIssue } from '@leadbook/contract/types';
import { brandErrorClass, LeadbookError } from './errors';
import { guard } from './guards';

/** A success response did not match the contract schema (Connect and ingress clients). */
export class ResponseValidationError extends LeadbookError {
  /** What did not match, by dotted path. */
  readonly issues: readonly ValidationIssue[];
  /** The HTTP status of the response. */
  readonly status: number;
  /** The parsed response body. */
  readonly body: unknown;
  /** The `x-request-id` of the response. */
  readonly requestId: string | undefined;

  /** @param init - The issues and the response they were found in. */
  constructor(init: {
    operationId: string;
    issues: readonly ValidationIssue[];
    status: number;
    body: unknown;
    requestId: string | undefined;
  }) {
    const first = init.issues[0];
    super(
      `The ${init.operationId} response does not match the contract` +
        (first ? `: ${first.path || '(root)'}: ${first.message}` : ''),
    );
    this.issues = init.issues;
    this.status = init.status;
    this.body = init.body;
    this.requestId = init.requestId;
  }
}

brandErrorClass(ResponseValidationError, 'ResponseValidationError');

/** Whether `error` is a success response that did not match the contract. */
export const isResponseValidationError = guard<ResponseValidationError>('ResponseValidationError');
