/**
 * `@leadbook/sdk/testing`: msw handlers backed by a real in-memory Leadbook service, for integrators'
 * test suites. Needs the optional peer dependencies `msw` and `@leadbook/server` (Node only).
 *
 * It lives in the SDK rather than in `@leadbook/server/testing` because the dependency points one way:
 * the SDK's test helpers use the server, the server knows nothing of the SDK, and integrators who test
 * SDK code install the SDK already.
 *
 * @module @leadbook/sdk/testing
 */
export { createMockLeadbook, type MockLeadbook, type MockLeadbookOptions } from './handlers';
export { type Fault, type FaultContext, type FaultMatch, type Faults } from './faults';
export type { MockSubscriptionOptions, RecordedDelivery, WebhookRecorder } from './webhooks';
export {
  DEFAULT_MOCK_BASE_URL,
  defaultMockFixture,
  defaultMockForm,
  MOCK_CLOSURE_DAYS,
  MOCK_FORM_FIELDS,
  MOCK_IDS,
  MOCK_TOKENS,
} from './fixture';
