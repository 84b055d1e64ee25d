/**
 * Request and response types read off the contract's `OperationTypes` (generated from the zod
 * schemas the server validates with), so every method's types follow the schemas without the SDK's
 * declarations reaching zod.
 *
 * @module
 */
import type { OperationTypes } from '@leadbook/contract/types';

/** The id of an operation of the Connect service, such as `listCalendars`. */
export type OperationId = keyof OperationTypes;

/** The JSON request body of an operation, as the caller writes it. */
export type OperationBody<K extends OperationId> = OperationTypes[K] extends { body: infer B } ? B : never;

/** The query parameters of an operation, as the caller writes them. */
export type OperationQuery<K extends OperationId> = OperationTypes[K] extends { query: infer Q } ? Q : never;

/** The success body of an operation; `void` for an empty body. */
export type OperationResponse<K extends OperationId> = OperationTypes[K]['response'];
