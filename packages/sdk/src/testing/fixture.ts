/**
 * The default data of the mock service: the studio of `@leadbook/server/studio` under the names
 * this entry has always exported, so tests can build clients and name things without reading the
 * seed result.
 *
 * @module
 */
import type { FormInput, SeedFixture } from '@leadbook/contract/types';
import {
  STUDIO_CLOSURE_DAYS,
  STUDIO_FORM_FIELDS,
  STUDIO_IDS,
  STUDIO_TOKENS,
  studioFixture,
  studioForms,
} from '@leadbook/server/studio';

/** The base URL the mock handlers answer on by default. */
export const DEFAULT_MOCK_BASE_URL = 'https://leadbook.test';

/**
 * Fixed secrets of the default data (`STUDIO_TOKENS` of `@leadbook/server/studio`): `read`, `write`
 * and `admin` API tokens, the `ingress` token of the default ingress webhook, and the second
 * organization's `other` (admin) and `otherIngress` tokens.
 */
export const MOCK_TOKENS = STUDIO_TOKENS;

const { slots: _slots, ...ids } = STUDIO_IDS;
/**
 * Fixed ids of the default data (`STUDIO_IDS` of `@leadbook/server/studio`, whose `slots` hold the
 * resource slot ids): the organization, calendars `Berlin` and `New York`, pool `Leads` with its lead
 * states and custom fields, appointment types `Trial session` and `Group class`, resources `Coach`
 * (capacity 1) and `Studio room` (capacity 8), the closure, the forms (`form` is the default one),
 * the ingress webhook, and the second organization's (`other...`) for tenancy tests.
 */
export const MOCK_IDS: Omit<typeof STUDIO_IDS, 'slots'> = ids;

/** Field ids of the default form (`MOCK_IDS.form`), a subset of `STUDIO_FORM_FIELDS`. */
export const MOCK_FORM_FIELDS = {
  /** Text, required, 2 to 40 characters. */
  name: STUDIO_FORM_FIELDS.name,
  /** Email, required. */
  email: STUDIO_FORM_FIELDS.email,
  /** Phone (normalised to E.164). */
  phone: STUDIO_FORM_FIELDS.phone,
  /** Appointment type (Trial session only). */
  appointmentType: STUDIO_FORM_FIELDS.appointmentType,
  /** Booking calendar. */
  booking: STUDIO_FORM_FIELDS.booking,
  /** Privacy consent: the value must be `'true'`. */
  consent: STUDIO_FORM_FIELDS.consent,
} as const;

/** When the default seed's closure of the Berlin calendar lies, in whole UTC days after `now`'s day. */
export const MOCK_CLOSURE_DAYS = STUDIO_CLOSURE_DAYS;

/**
 * The default seed: `studioFixture({ now })` of `@leadbook/server/studio`. An organization on the
 * resource planner with read, write and admin tokens, a Berlin and a New York calendar, a pool with a
 * default lead state, two appointment types, a coach (capacity 1) and a studio room (capacity 8)
 * with slots every day on both calendars, a three-day closure of the Berlin calendar (see
 * {@link MOCK_CLOSURE_DAYS}), and a second organization for tenancy tests.
 *
 * Its dates are relative to `now`, the time of the clock the mock service runs on, so a test suite
 * written against it keeps passing whatever the date: the closure is always ten days ahead.
 *
 * @param now - The service clock's current time. Default: the system clock.
 *
 * @example
 * ```ts
 * const clock = createManualClock('2030-01-07T09:00:00Z');
 * const fixture = defaultMockFixture(clock.now());
 * const [closure] = fixture.organizations[0]!.blockers!; // 2030-01-17T00:00Z to 2030-01-20T00:00Z
 * ```
 */
export function defaultMockFixture(now: number | Date = Date.now()): SeedFixture {
  return studioFixture({ now });
}

/**
 * The default form (`MOCK_IDS.form`): published, no captcha, both calendars in one studio, a booking
 * field. The mock service also creates the studio's other forms (see `studioForms`).
 */
export const defaultMockForm: FormInput = studioForms().trial;
