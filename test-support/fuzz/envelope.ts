/**
 * What every answer must look like: never a 5xx; an error in its surface's envelope of SPEC 7 (the
 * contract's zod schemas, held strict so no stack trace or stray field slips out); a success in the
 * status and shape the catalogue documents.
 *
 * @module
 */
import {
  CONNECT_ERROR_CODES,
  ConnectAuthErrorSchema,
  ConnectErrorSchema,
  IngressErrorSchema,
  PublicFormErrorSchema,
  type OperationDefinition,
  type Surface,
} from '@leadbook/contract';
import type { z } from 'zod';

/** The surface a path belongs to, as the service decides it for a request no route matches. */
export function surfaceOfPath(path: string): Surface {
  if (path.startsWith('/public/ingress_webhooks/')) return 'ingress';
  if (path.startsWith('/public/forms/')) return 'public-form';
  return 'connect';
}

const strict = {
  connect: ConnectErrorSchema.strict(),
  auth: ConnectAuthErrorSchema.strict(),
  'public-form': PublicFormErrorSchema.strict(),
  ingress: IngressErrorSchema.strict(),
};

const issues = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);

/** The envelope problems of an error answer (status 400 and up) on `surface`. */
export function errorEnvelopeProblems(surface: Surface, status: number, body: unknown): string[] {
  if (surface === 'connect' && (status === 401 || status === 403)) {
    const problems = issues(strict.auth.safeParse(body));
    const expected = status === 401 ? 'Unauthorized' : 'Forbidden';
    const error = (body as { error?: unknown } | null)?.error;
    return error === expected || problems.length > 0
      ? problems
      : [`error is ${String(error)}, not ${expected}`];
  }
  const problems = issues(strict[surface].safeParse(body));
  if (problems.length > 0) return problems;
  const envelope = body as { statusCode: number; error?: string };
  if (envelope.statusCode !== status)
    problems.push(`statusCode ${envelope.statusCode} in a ${status} answer`);
  if (surface === 'connect' && !(CONNECT_ERROR_CODES as readonly string[]).includes(envelope.error ?? '')) {
    problems.push(`error ${envelope.error} is not a documented Connect code`);
  }
  return problems;
}

/** The problems of a success answer to `operation`: its documented status and response shape. */
export function successProblems(operation: OperationDefinition, status: number, body: unknown): string[] {
  if (status !== operation.successStatus) {
    return [`status ${status}, where ${operation.operationId} documents ${operation.successStatus}`];
  }
  if (!operation.response) return body === undefined ? [] : ['a body where none is documented'];
  return issues(operation.response.safeParse(body));
}

const NOT_JSON = Symbol('not JSON');

/** Parses a response body: `undefined` when empty, {@link NOT_JSON} when it is not JSON. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** One answer of the service, with what the checks need to know about the request. */
export interface Answer {
  /** The operation whose baseline the request came from. */
  readonly operation: OperationDefinition;
  /** Whether a mutation sent it elsewhere (another method or path shape), so no entry documents it. */
  readonly readdressed: boolean;
  /** The path the request was sent to. */
  readonly path: string;
  /** The response. */
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
  /** Statuses the host's HTTP server may answer, empty, before the service sees a request. */
  readonly hostStatuses: readonly number[];
}

/**
 * Every rule `answer` breaks: a 5xx or a status no client expects; a body that is not JSON; an
 * error outside its surface's envelope, not labelled JSON or with a status the operation does not
 * document; a success in another status or shape than documented.
 */
export function answerProblems(answer: Answer): string[] {
  const { operation, readdressed, status, text } = answer;
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 200 || (status >= 300 && status < 400)) problems.push(`unexpected status ${status}`);
  // The host's refusal is not the service's answer: nothing to check but that nothing was written.
  if (answer.hostStatuses.includes(status) && text === '') return problems;
  const body = parseBody(text);
  if (body === NOT_JSON) return [...problems, 'the body is not JSON'];
  if (status >= 400) {
    const envelope = errorEnvelopeProblems(surfaceOfPath(answer.path), status, body);
    problems.push(...envelope.map((problem) => `envelope: ${problem}`));
    if (!answer.contentType?.startsWith('application/json')) {
      problems.push(`envelope: content-type ${answer.contentType}`);
    }
    if (!readdressed && !documentedError(operation, status)) {
      problems.push(`status ${status} is not among the errorStatuses of ${operation.operationId}`);
    }
  } else if (status < 300 && !readdressed) {
    problems.push(...successProblems(operation, status, body).map((problem) => `success: ${problem}`));
  }
  return problems;
}

/** Whether `status` is an error `operation` documents. */
export function documentedError(operation: OperationDefinition, status: number): boolean {
  return operation.errorStatuses.includes(status);
}
