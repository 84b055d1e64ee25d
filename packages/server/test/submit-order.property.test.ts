/**
 * The validation order of submit (SPEC 4.2): captcha, studio, fields, phone numbers, appointment
 * type, consent, booking slot, capacity. A submission that fails any subset of the eight steps is
 * answered with the error of the lowest one, and writes nothing.
 */
import { createSqlJsStorage, type StorageAdapter } from '@leadbook/server';
import { ErrorMessages } from '@leadbook/contract';
import {
  STUDIO_FORM_FIELDS as FIELD,
  STUDIO_IDS as ID,
  STUDIO_TOKENS as TOKEN,
} from '@leadbook/server/studio';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { day } from '../../../test-support/time';
import { createHarness, type Harness } from './harness';
import { FORMS, GOOD_CAPTCHA, goodSubmission } from './studio';

type Body = ReturnType<typeof goodSubmission> & { studioId?: string };

/** One way to fail a step: how it spoils the body, and the answer it gives. */
interface Failure {
  spoil: (body: Body) => void;
  status: number;
  message: string;
}

const invalid = (message: string, spoil: Failure['spoil']): Failure => ({ spoil, status: 400, message });
const slotAt = (start: string, end: string) => (body: Body) => {
  body.bookingSlot = { ...body.bookingSlot, startDateTime: start, endDateTime: end };
};

/**
 * The failures of each step, 1 to 8 (index 0 is step 1). A `tel` value is checked in field order with step 3 (its
 * format is a step-3 check; the number it parses is step 4's value), so step 3 fails on the name,
 * which comes before the phone.
 */
const STEPS: Failure[][] = [
  [
    { spoil: (b) => void (b.captchaToken = 'forged'), status: 403, message: ErrorMessages.captchaFailed },
    invalid(ErrorMessages.captchaMissing, (b) => void delete (b as Partial<Body>).captchaToken),
  ],
  [invalid('Please choose a studio', (b) => void delete b.studioId)],
  [
    invalid('Name must be at least 2 characters', (b) => void (b.data[FIELD.name] = 'A')),
    invalid('Email must be a valid email address', (b) => void (b.data[FIELD.email] = 'ada@')),
  ],
  [invalid('Phone must be a valid phone number', (b) => void (b.data[FIELD.phone] = '12'))],
  [
    invalid(
      ErrorMessages.appointmentTypeNotAllowed,
      (b) => void (b.data[FIELD.appointmentType] = ID.appointmentTypeClass),
    ),
  ],
  // An unticked box sends "false"; a missing key and other values fail the same way.
  ['false', 'yes', true, undefined].map((value) =>
    invalid('Privacy policy must be accepted', (b) => {
      if (value === undefined) delete b.data[FIELD.consent];
      else b.data[FIELD.consent] = value;
    }),
  ),
  [
    invalid('Please choose a time slot', (b) => void delete (b as Partial<Body>).bookingSlot),
    invalid(
      'The selected time slot is not offered by this form',
      slotAt(`${day(1)}T08:05:00.000Z`, `${day(1)}T09:05:00.000Z`),
    ),
    invalid(
      'The selected time slot ends before it starts',
      slotAt(`${day(1)}T09:00:00.000Z`, `${day(1)}T08:00:00.000Z`),
    ),
    invalid(ErrorMessages.slotStarted, slotAt(`${day(-6)}T08:00:00.000Z`, `${day(-6)}T09:00:00.000Z`)),
  ],
  // Step 8: another booking takes the coach's one place after step 7 saw it free (see `fillSlot`).
  [invalid(ErrorMessages.slotUnavailable, () => undefined)],
];

describe('submit validation order (property)', { timeout: 300_000 }, () => {
  let h: Harness;
  /** Set to take the slot just before the submit's write transaction starts, after step 7. */
  let fillSlot: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const inner = await createSqlJsStorage();
    const storage: StorageAdapter = {
      name: inner.name,
      close: () => inner.close(),
      async transaction(fn, options) {
        const fill = fillSlot;
        if (fill && !options?.readOnly && options?.lockKeys?.includes(`resource:${ID.resourceCoach}`)) {
          fillSlot = undefined;
          await fill();
        }
        return inner.transaction(fn, options);
      },
    };
    h = await createHarness('fetch', {
      storage,
      rateLimit: { enabled: false },
      captcha: { verify: async ({ token }) => token === GOOD_CAPTCHA },
    });
    // The guarded form (every field kind, a captcha) with a second studio, so step 2 can fail.
    await h.service.admin.forms.create(ID.organization, {
      ...FORMS.guarded,
      studios: [
        ...FORMS.guarded.studios!,
        { id: 'new-york', name: 'New York', calendarIds: [ID.calendarNewYork] },
      ],
    });
  });
  afterAll(() => h.close());

  /** The coach's Monday 09:00 in Berlin (capacity 1), passing every step. */
  const base = (start = `${day(1)}T08:00:00.000Z`, end = `${day(1)}T09:00:00.000Z`): Body => ({
    ...structuredClone(goodSubmission(start, end)),
    studioId: 'berlin',
  });
  const submit = (body: unknown) => h.call('POST', `/public/forms/${ID.formGuarded}/submit`, { body });
  const stored = () =>
    h.service.storage.transaction(async (tx) => ({
      bookings: (await tx.bookings.listByCalendar(ID.organization, ID.calendarBerlin)).length,
      leads: (await tx.entries.list(ID.organization, { tableId: ID.table })).length,
      submissions: (await tx.formSubmissions.list(ID.organization)).length,
    }));

  it('the base submission passes every step', async () => {
    const res = await submit(base(`${day(8)}T08:00:00.000Z`, `${day(8)}T09:00:00.000Z`));
    expect(res.status).toBe(200);
  });

  it('answers with the error of the lowest failing step, whatever the others, and writes nothing', async () => {
    const before = await stored();
    // A failing step and which of its failures: [step, variant], steps 1 to 8 in ascending order.
    const failing = fc
      .subarray([1, 2, 3, 4, 5, 6, 7, 8], { minLength: 1 })
      .chain((steps) =>
        fc.tuple(...steps.map((step) => fc.tuple(fc.constant(step), fc.nat(STEPS[step - 1]!.length - 1)))),
      );
    // Every failure alone, and the combination of the issue (a type not allowed, consent "false").
    const alone = STEPS.flatMap((failures, i) =>
      failures.map((_, variant): [number, number] => [i + 1, variant]),
    );
    const examples: [[number, number][]][] = [
      ...alone.map((pick): [[number, number][]] => [[pick]]),
      [
        [
          [5, 0],
          [6, 0],
        ],
      ],
    ];
    await fc.assert(
      fc.asyncProperty(failing, async (picked) => {
        const failures = picked.map(([step, variant]) => STEPS[step - 1]![variant]!);
        const body = base();
        failures.forEach((failure) => failure.spoil(body));
        let filler: string | undefined;
        if (picked.some(([step]) => step === 8)) {
          fillSlot = async () => {
            const booked = await h.call('POST', '/connect/calendar_bookings/', {
              token: TOKEN.write,
              body: { ...base().bookingSlot, resourceId: ID.resourceCoach },
            });
            expect(booked.status).toBe(201);
            filler = booked.json.id;
          };
        }
        try {
          const res = await submit(body);
          const lowest = failures[0]!;
          expect({ status: res.status, message: res.json.message }).toEqual({
            status: lowest.status,
            message: lowest.message,
          });
        } finally {
          fillSlot = undefined;
          if (filler) {
            await h.call('DELETE', `/connect/calendar_bookings/${filler}`, { token: TOKEN.admin });
          }
        }
        expect(await stored()).toEqual(before);
      }),
      { numRuns: 120, examples },
    );
  });
});
