/**
 * The studio of `@leadbook/server/studio` as the server's suites use it: on the test epoch, with
 * its forms, and a valid submission of the guarded form that the test captcha verifiers accept.
 */
import { STUDIO_IDS, studioFixture, studioForms, studioSubmission } from '@leadbook/server/studio';
import { day, NOW } from '../../../test-support/time';

/** The studio's seed fixture on the test epoch: its closure runs from `day(10)` to `day(13)`. */
export const testStudio = () => studioFixture({ now: NOW });

/** The studio's forms (create the ones a test needs; `seedStudio` would create all of them). */
export const FORMS = studioForms();

/** The captcha token the tests' verifiers accept. */
export const GOOD_CAPTCHA = 'good-token';

/** A valid submission of the guarded form, by default for the coach's Monday 09:00 in Berlin (08:00Z). */
export const goodSubmission = (start = `${day(1)}T08:00:00.000Z`, end = `${day(1)}T09:00:00.000Z`) => ({
  ...studioSubmission({ startDateTime: start, endDateTime: end }),
  captchaToken: GOOD_CAPTCHA,
});

/** Every id of the studio, slots included: what a fuzz case may name, what a compared answer keeps. */
export const ALL_STUDIO_IDS: string[] = Object.values(STUDIO_IDS).flatMap((value) =>
  typeof value === 'string' ? [value] : Object.values(value).flatMap((week) => Object.values(week)),
);
