/**
 * The fixed ids and tokens of the studio, so tests can name what they seeded without reading the
 * seed result, and {@link freshStudioIds} for hosts that seed a new studio at every start.
 *
 * @module
 */

/**
 * A UUID whose first digit says what it names (1 calendar, 2 pool, 3 lead state, 4 custom field,
 * 5 appointment type, 6 resource, 7 schedule type, 8 resource slot, 9 blocker, a form, b form field,
 * c ingress webhook) and whose last digits count: easy to tell apart in a failing assertion.
 */
const uuid = (kind: string, n: string) => `${kind}0000000-0000-4000-8000-${n.padStart(12, '0')}`;

/** The ids of one weekly window per weekday, Monday to Sunday (`n` names the window). */
const week = (n: string) => ({
  monday: uuid('8', `${n}1`),
  tuesday: uuid('8', `${n}2`),
  wednesday: uuid('8', `${n}3`),
  thursday: uuid('8', `${n}4`),
  friday: uuid('8', `${n}5`),
  saturday: uuid('8', `${n}6`),
  sunday: uuid('8', `${n}7`),
});

/** The ISO weekdays (1 = Monday) by the names the slot ids use. */
export const WEEKDAYS = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
} as const;

/** Fixed ids of everything the studio seeds (see `studioFixture` and `studioForms` for what each is). */
export const STUDIO_IDS = {
  /** The studio organization (on the resource planner). */
  organization: 'leadbook-studio' as string,
  /** Calendar `Berlin` (Europe/Berlin), with the legacy schedule type `Legacy intro`. */
  calendarBerlin: uuid('1', '1'),
  /** Calendar `New York` (America/New_York). */
  calendarNewYork: uuid('1', '2'),
  /** Schedule type `Legacy intro` of the Berlin calendar (the pre-planner booking model). */
  scheduleType: uuid('7', '1'),
  /** Lead pool `Leads`. */
  table: uuid('2', '1'),
  /** Lead state `New` (category new), the pool's default. */
  leadStateNew: uuid('3', '1'),
  /** Lead state `Contacted` (in progress). */
  leadStateContacted: uuid('3', '2'),
  /** Lead state `Won` (completed). */
  leadStateWon: uuid('3', '3'),
  /** Lead state `Lost` (not completed). */
  leadStateLost: uuid('3', '4'),
  /** Custom field `Budget` (number) of `Leads`. */
  customFieldBudget: uuid('4', '1'),
  /** Custom field `Plan` (select: basic, premium) of `Leads`. */
  customFieldPlan: uuid('4', '2'),
  /** Lead pool `Other pool`, whose one state has no default flag. */
  tableOtherPool: uuid('2', '2'),
  /** Lead state `Fresh` of `Other pool`. */
  leadStateOtherPool: uuid('3', '5'),
  /** Appointment type `Trial session` (60 min, searched every 15 min). */
  appointmentTypeTrial: uuid('5', '1'),
  /** Appointment type `Group class` (60 min, on the hour). */
  appointmentTypeClass: uuid('5', '2'),
  /** Resource `Coach` (capacity 1, trial sessions) on both calendars. */
  resourceCoach: uuid('6', '1'),
  /** Resource `Studio room` (capacity 8, trial sessions and group classes) on both calendars. */
  resourceRoom: uuid('6', '2'),
  /** The weekly resource slots, one per weekday: see `studioFixture` for their hours. */
  slots: {
    /** The coach in Berlin, 09:00-12:00 every day. */
    berlinCoach: week('11'),
    /** The studio room in Berlin, 14:00-18:00 every day. */
    berlinRoom: week('12'),
    /** The coach in New York, 14:00-18:00 every day. */
    newYorkCoach: week('21'),
    /** The studio room in New York, 09:00-17:00 every day, not publicly bookable. */
    newYorkRoom: week('22'),
  },
  /** The closure of the Berlin calendar (see `STUDIO_CLOSURE_DAYS`). */
  blockerClosure: uuid('9', '1'),
  /** The default public form `Book a trial session`: no captcha, both calendars in one studio. */
  form: uuid('a', '1'),
  /** Form `Trial booking`: captcha, allowed domains and every field kind, on Berlin. */
  formGuarded: uuid('a', '2'),
  /** Form `Two studios`: Berlin and New York as two studios. */
  formStudios: uuid('a', '3'),
  /** Form `Draft`: unpublished. */
  formDraft: uuid('a', '4'),
  /** Form `Newsletter`: one email field, no booking. */
  formNewsletter: uuid('a', '5'),
  /** The ingress webhook on `Leads` (token `STUDIO_TOKENS.ingress`). */
  ingressWebhook: uuid('c', '1'),
  /** The second organization, `Other Studio`, for tenancy tests: one of everything. */
  otherOrganization: 'other-studio' as string,
  /** Calendar `Other` (Asia/Kolkata) of the other organization. */
  otherCalendar: uuid('1', 'b1'),
  /** Lead pool `Other leads` of the other organization. */
  otherTable: uuid('2', 'b1'),
  /** Lead state `New` of `Other leads`. */
  otherLeadState: uuid('3', 'b1'),
  /** Appointment type `Other type` (30 min) of the other organization. */
  otherAppointmentType: uuid('5', 'b1'),
  /** Resource `Other room` (capacity 2) of the other organization. */
  otherResource: uuid('6', 'b1'),
  /** Its slot: Mondays 10:00-11:00 in Kolkata. */
  otherResourceSlot: uuid('8', 'b1'),
  /** The other organization's closure, at the same days as the studio's. */
  otherBlocker: uuid('9', 'b1'),
  /** The other organization's ingress webhook on `Other leads` (token `STUDIO_TOKENS.otherIngress`). */
  otherIngressWebhook: uuid('c', 'b1'),
} as const;

/**
 * Field ids of the studio's forms (the same in every form that has the field, and in every studio
 * that {@link freshStudioIds} makes, so a static page can rely on them).
 */
export const STUDIO_FORM_FIELDS = {
  /** Text `Name`, required, 2 to 40 characters. */
  name: uuid('b', '1'),
  /** Email `Email`, required. */
  email: uuid('b', '2'),
  /** Phone `Phone` (normalised to E.164; the forms' default country is DE). */
  phone: uuid('b', '3'),
  /** Select `Plan`: basic or premium. */
  plan: uuid('b', '4'),
  /** Checkbox `Business customer`. */
  isBusiness: uuid('b', '5'),
  /** Text `Company`: shown, and then required, when `isBusiness` is checked. */
  company: uuid('b', '6'),
  /** Text `Voucher code`: two capitals and four digits. */
  voucher: uuid('b', '7'),
  /** Hidden `Source`, default `widget`. */
  source: uuid('b', '8'),
  /** Appointment type (trial sessions only); no data key, so it is stored under its id. */
  appointmentType: uuid('b', '9'),
  /** Privacy consent: the value must be the string `'true'`. */
  consent: uuid('b', 'a'),
  /** Booking calendar. */
  booking: uuid('b', 'b'),
} as const;

/** The ids of a studio: {@link STUDIO_IDS}, or {@link freshStudioIds}. */
export type StudioIds = typeof STUDIO_IDS;

const hex = (digit: string) => digit.repeat(64);

/** Fixed secrets of the studio: API tokens by scope and ingress tokens (valid formats). */
export const STUDIO_TOKENS = {
  /** `read` scope. */
  read: `service_live_${hex('1')}`,
  /** `write` scope (includes `read`). */
  write: `service_live_${hex('2')}`,
  /** `admin` scope (includes `write`). */
  admin: `service_live_${hex('3')}`,
  /** The token of the studio's ingress webhook. */
  ingress: 'ab'.repeat(32),
  /** The other organization's `admin` token. */
  other: `service_live_${hex('4')}`,
  /** The token of the other organization's ingress webhook. */
  otherIngress: 'cd'.repeat(32),
} as const;

/** The studio's API and ingress tokens, as strings. */
export type StudioTokens = { readonly [K in keyof typeof STUDIO_TOKENS]: string };

/**
 * New random ids of the same shape as {@link STUDIO_IDS}, for a host that seeds the studio into
 * storage that outlives one start (a database file, PostgreSQL): every seed is then a new studio.
 *
 * @example
 * ```ts
 * const ids = freshStudioIds();
 * await service.admin.seed(studioFixture({ ids, tokens: null }));
 * ```
 */
export function freshStudioIds(): StudioIds {
  const fresh = (ids: object): object =>
    Object.fromEntries(
      Object.entries(ids).map(([key, value]) => [
        key,
        typeof value === 'string' ? crypto.randomUUID() : fresh(value as object),
      ]),
    );
  return fresh(STUDIO_IDS) as StudioIds;
}
