/**
 * The operation catalogue: every endpoint of the API with its method, path, scope and schemas. The
 * server's route table, the SDK's typed calls and the OpenAPI document are all built from it. The
 * operations themselves live by surface in `operations/`.
 *
 * @module
 */
import { connectOperations } from './operations/connect';
import type { OperationDefinition } from './operations/definition';
import { publicOperations } from './operations/public';

export type { HttpMethod, OperationDefinition, Surface } from './operations/definition';
export { PublicIdParamsSchema } from './operations/public';

/** The header that makes a booking request idempotent (an extension of the 2.16.0 API). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Every operation of the Connect, public form and ingress APIs, keyed by operation id. */
export const operations = {
  ...connectOperations,
  ...publicOperations,
} as const satisfies Record<string, OperationDefinition>;

/** The operation catalogue type. */
export type Operations = typeof operations;

/** An operation id. */
export type OperationId = keyof Operations;
