/**
 * One typed call of the operation catalogue: fills the path, sends through the HTTP core, and checks
 * the success body against the operation's response schema.
 *
 * @module
 */
import { operations } from '@leadbook/contract';
import type { ApiPromise } from '../core/api-promise';
import { ResponseValidationError } from '../core/response-validation-error';
import type { Http } from '../core/http';
import type { OperationId, OperationResponse } from '../core/operation-types';
import type { RequestOptions } from '../core/options';
import { toQuery } from '../core/query';

/** The parts of a call besides the operation. */
export interface CallInput {
  /** The `:id` path parameter. */
  id?: string;
  /** Query parameters; `Date` values are sent as ISO-8601, undefined ones are left out. */
  query?: object;
  /** The JSON body. */
  body?: unknown;
  /** Create an `Idempotency-Key` when the caller passed none. */
  idempotent?: boolean;
}

/** Calls an operation of the catalogue. */
export type Caller = <K extends OperationId>(
  operationId: K,
  input?: CallInput,
  options?: RequestOptions,
) => ApiPromise<OperationResponse<K>>;

/**
 * Creates the caller. With `validate`, a success body that does not match the contract throws a
 * `ResponseValidationError`; the body is returned as received (fields the contract does not know yet
 * are kept).
 */
export function createCaller(http: Http, validate: boolean): Caller {
  return (operationId, input = {}, options) => {
    const operation = operations[operationId];
    const path = operation.path.replace(':id', encodeURIComponent(input.id ?? ''));
    const schema = 'response' in operation ? operation.response : undefined;
    const request = {
      method: operation.method,
      path,
      query: toQuery(input.query),
      body: input.body,
      idempotent: input.idempotent ?? false,
      options,
    };
    return http.call(request, ({ data, status, requestId }) => {
      if (!validate || !schema) return;
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        throw new ResponseValidationError({ operationId, issues, status, body: data, requestId });
      }
    });
  };
}
