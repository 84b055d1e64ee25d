/**
 * `@leadbook/server/testing`: what adapter authors and integrators' test suites need. The suites call
 * vitest's `describe`/`it`/`expect`, so `vitest` is a peer dependency of this entry.
 * The test data, the studio, is `@leadbook/server/studio`: it loads without vitest.
 *
 * @module @leadbook/server/testing
 */
export {
  runStorageConformance,
  type ConformanceSkip,
  type StorageConformanceOptions,
} from './storage-conformance';
export {
  runSchedulerConformance,
  type SchedulerConformanceOptions,
  type SchedulerInstance,
  type SchedulerUnderTest,
} from './scheduler-conformance';
export {
  runMeetingProviderConformance,
  type MeetingProviderConformanceOptions,
  type MeetingProviderUnderTest,
} from './meeting-conformance';
export {
  runExternalCalendarConformance,
  type ExternalCalendarConformanceOptions,
  type ExternalCalendarUnderTest,
  type ExternalEventFixture,
} from './external-calendar-conformance';
