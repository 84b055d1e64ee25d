/**
 * Request and response types read off the contract's operation catalogue, so every method's types
 * follow the zod schemas the server validates with. Zod is not imported: a zod schema carries its
 * input and output types as `_input` and `_output` (what `z.input` and `z.output` read).
 *
 * @module
 */
import type { OperationId, Operations } from '@leadbook/contract';

/** What the SDK reads off a zod schema: its input and output types. */
export interface OperationSchema {
  /** The type a caller writes (`z.input`). */
  readonly _input: unknown;
  /** The type a parse produces (`z.output`). */
  readonly _output: unknown;
}

/** The JSON request body of an operation, as the caller writes it (`z.input` of its schema). */
export type OperationBody<K extends OperationId> = Operations[K] extends {
  body: infer S extends OperationSchema;
}
  ? S['_input']
  : never;

/** The query parameters of an operation, as the caller writes them (`z.input` of its schema). */
export type OperationQuery<K extends OperationId> = Operations[K] extends {
  query: infer S extends OperationSchema;
}
  ? S['_input']
  : never;

/** The success body of an operation (`z.output` of its schema); `void` for an empty body. */
export type OperationResponse<K extends OperationId> = Operations[K] extends {
  response: infer S extends OperationSchema;
}
  ? S['_output']
  : void;
