/**
 * `@leadbook/server/studio`: the one studio that the repository's tests, the SDK's mock service
 * (`@leadbook/sdk/testing`), the examples and the guides seed. Fixed ids and tokens so a test can
 * name what it seeded; dates relative to the clock it is given, and slots every day on two calendars,
 * so a suite finds slots whatever the date and the time of day it runs.
 *
 * A subpath of its own rather than part of `@leadbook/server/testing`: that entry loads vitest,
 * which neither a demo server nor a jest suite can load.
 *
 * @module @leadbook/server/studio
 */
export { studioFixture, STUDIO_CLOSURE_DAYS, type StudioFixtureOptions } from './fixture';
export { studioForms, studioSubmission, type StudioBookingSlot, type StudioForms } from './forms';
export {
  freshStudioIds,
  STUDIO_FORM_FIELDS,
  STUDIO_IDS,
  STUDIO_TOKENS,
  WEEKDAYS,
  type StudioIds,
  type StudioTokens,
} from './ids';
export { seedStudio, type SeededStudio, type SeedStudioOptions } from './seed';
