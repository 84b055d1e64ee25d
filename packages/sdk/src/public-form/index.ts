/**
 * `@leadbook/sdk/public-form`: the browser entry. The public form client and its telemetry batcher,
 * the error classes and type guards; no zod in the bundle (the contract is imported for types only).
 *
 * @packageDocumentation
 */
export { PublicFormClient, type PublicFormClientOptions, type PublicSlotsParams } from './client';
export {
  createTelemetryBatcher,
  MAX_EVENTS_PER_REQUEST,
  type TelemetryBatcher,
  type TelemetryBatcherOptions,
  type TelemetryTransport,
} from './telemetry-batcher';
export * from '../core/exports';
export type {
  PublicAppointmentType,
  PublicFormConfig,
  PublicSlot,
  SubmitBody,
  TelemetryEvent,
  TypeErrorEntry,
  ValidationIssue,
} from '@leadbook/contract/types';
