/**
 * `@leadbook/sdk/public-form`: the browser entry. The public form client and its telemetry batcher,
 * the error classes and type guards; no zod in the bundle (the contract is imported for types only).
 *
 * @module @leadbook/sdk/public-form
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
  BookingHold,
  PublicAppointmentType,
  PublicCalendar,
  PublicFormConfig,
  PublicHoldBody,
  PublicSlot,
  SubmitBody,
  TelemetryEvent,
  TypeErrorEntry,
  ValidationIssue,
} from '@leadbook/contract/types';
