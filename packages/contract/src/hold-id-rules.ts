/**
 * The rule every `holdId` follows (a booking's, a reschedule's, a form submission's), written once
 * for the fields' descriptions. Internal: not re-exported by the package.
 *
 * @module
 */

/** What a `holdId` does besides lending its place: one rule on every surface. */
export const HOLD_ID_RULES =
  'The id is the credential: any active hold of the organization counts, whoever placed it. A hold on ' +
  'another calendar, appointment type, interval or resource is a 400 (`The hold is for another time ' +
  "slot`); an unknown id, an expired hold or another organization's is ignored, so a free place is needed.";
