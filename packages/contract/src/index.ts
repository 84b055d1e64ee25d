/**
 * `@leadbook/contract`: the zod schemas, constants and OpenAPI document of the Leadbook Connect
 * service. The server validates with these schemas, the SDK types its calls with them.
 *
 * @packageDocumentation
 */
export type * from './types.generated';
export * from './primitives';
export * from './auth';
export * from './calendar';
export * from './table';
export * from './table-entry';
export * from './booking';
export * from './meetings';
export * from './lookups';
export * from './availability';
export * from './public-form';
export * from './ingress';
export * from './errors';
export * from './events';
export * from './params';
export * from './operations';
export { API_VERSION, buildOpenApiDocument, toOpenApiPath } from './openapi';
export { EXTENSION_MARK, SPEC_EXTENSIONS, type SpecExtensions } from './openapi-extensions';
export * from './fixture';
export * from './form';
export * from './webhook-subscriptions';
