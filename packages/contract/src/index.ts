/**
 * `@leadbook/contract`: the zod schemas, named types and constants of the Leadbook Connect
 * service. The server validates with these schemas, the SDK types its calls with the named types
 * (generated from the schemas). The OpenAPI document is built by `@leadbook/contract/openapi`.
 *
 * @module @leadbook/contract
 */
export type * from './types';
export * from './primitives';
export * from './auth';
export * from './calendar';
export * from './table';
export * from './table-entry';
export * from './booking';
export * from './booking-rules';
export * from './holds';
export * from './meetings';
export * from './external-calendars';
export * from './calendar-feeds';
export * from './notification-settings';
export * from './lookups';
export * from './availability';
export * from './public-form';
export * from './public-calendars';
export * from './ingress';
export * from './errors';
export * from './events';
export * from './params';
export * from './operations';
export { API_VERSION } from './version';
export { EXTENSION_MARK, SPEC_EXTENSIONS, type SpecExtensions } from './openapi/extensions';
export * from './fixture';
export * from './form';
export * from './webhook-subscriptions';
