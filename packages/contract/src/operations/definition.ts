/**
 * What an operation of the catalogue is: method, path, surface, scope and schemas.
 *
 * @module
 */
import type { z } from 'zod';
import type { Scope } from '../types.generated';

/** An HTTP method the service answers. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The three interface surfaces (Connect, public form, ingress): each has its own auth and error envelope. */
export type Surface = 'connect' | 'public-form' | 'ingress';

/** One endpoint: how it is called, who may call it and the shapes it takes and returns. */
export interface OperationDefinition {
  /** Stable operation id, used in the OpenAPI document and by the SDK. */
  readonly operationId: string;
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** The path in Express style (`/connect/calendar/:id`). */
  readonly path: string;
  /** Which surface the endpoint belongs to. */
  readonly surface: Surface;
  /** The Connect scope the endpoint needs (Connect only). */
  readonly scope?: Scope;
  /** One line for the docs. */
  readonly summary: string;
  /** What a caller should know beyond the summary (the OpenAPI operation's description). */
  readonly description?: string;
  /** Path parameters. */
  readonly params?: z.ZodTypeAny;
  /** Query parameters (every value arrives as a string). */
  readonly query?: z.ZodTypeAny;
  /** The JSON request body. */
  readonly body?: z.ZodTypeAny;
  /** The JSON success body; absent for an empty body. */
  readonly response?: z.ZodTypeAny;
  /** The success status. */
  readonly successStatus: number;
  /** The error statuses the endpoint may answer. */
  readonly errorStatuses: readonly number[];
  /** Optional request headers the endpoint reads, by name. */
  readonly headers?: Readonly<Record<string, string>>;
}
