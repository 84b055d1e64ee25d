/**
 * The Connect availability search.
 *
 * @module
 */
import { z } from 'zod';
import { ColorSchema, DateTimeSchema, UuidSchema } from './primitives';
import { UnavailableReasonSchema } from './external-calendars';

/** The longest range one availability search may cover, in days. */
export const MAX_AVAILABILITY_RANGE_DAYS = 92;

/**
 * The most candidates one search may hold (Connect availability, public slots): every candidate of
 * the range, available or not, so `onlyAvailable` does not raise it. Counted from the range, the
 * appointment type's lengths and the resources' weekly slots before anything is searched; a search
 * over it is refused with a 400 that says how to narrow it. The standard 90-day search of 20
 * resources (a 30-minute booking every 15 minutes, 10.5 hours a day, six days a week) holds about
 * 54,000.
 */
export const MAX_AVAILABILITY_CANDIDATES = 100_000;

const DAY_MS = 86_400_000;

/**
 * The `onlyAvailable` query flag (extension): `true` answers only the candidates with
 * `available: true`. The bound on candidates still counts every candidate of the search.
 */
export const OnlyAvailableSchema = z
  .enum(['true', 'false'])
  .optional()
  .describe(
    `Only the candidates with \`available: true\` (extension). A search may hold at most ` +
      `${MAX_AVAILABILITY_CANDIDATES.toLocaleString('en-US')} candidates, available or not, with or ` +
      'without it: a larger one is a 400 that says how to narrow it (a shorter range, or `resourceId`)',
  );

/** The query fields of `GET /connect/availability/`, before the range checks. */
export const AvailabilityQueryFieldsSchema = z
  .object({
    calendarId: UuidSchema,
    appointmentTypeId: UuidSchema,
    start: DateTimeSchema.describe('Range start (inclusive): candidates start at or after it'),
    end: DateTimeSchema.describe('Range end (inclusive): candidates end at or before it'),
    resourceId: UuidSchema.optional().describe('Only this resource (extension)'),
    onlyAvailable: OnlyAvailableSchema,
  })
  .strict();

/**
 * The query of `GET /connect/availability/`: `start` must precede `end`, and the range may span at
 * most {@link MAX_AVAILABILITY_RANGE_DAYS} days.
 */
export const AvailabilityQuerySchema = AvailabilityQueryFieldsSchema.superRefine((query, ctx) => {
  const span = Date.parse(query.end) - Date.parse(query.start);
  if (span <= 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end'], message: 'end must be after start' });
  } else if (span > MAX_AVAILABILITY_RANGE_DAYS * DAY_MS) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['end'],
      message: `The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days`,
    });
  }
});

/**
 * One candidate interval of a resource slot. Pass `resourceId`, `resourceSlotId`, `startDateTime`
 * and `endDateTime` to the booking call. The fields after `available` are extensions of the 2.16.0 API.
 */
export const AvailabilitySlotSchema = z.object({
  resourceId: UuidSchema,
  resourceSlotId: UuidSchema,
  startDateTime: DateTimeSchema,
  endDateTime: DateTimeSchema,
  available: z.boolean().describe('False when full, blocked, or starting before now'),
  resourceName: z.string(),
  resourceColor: ColorSchema,
  maxParallelBookings: z.number().int().positive(),
  currentBookings: z.number().int().nonnegative().describe('Peak concurrent bookings over the interval'),
  remaining: z.number().int().nonnegative().describe('Bookings still possible in the interval'),
  unavailableReason: UnavailableReasonSchema.optional(),
});

/** The response of `GET /connect/availability/`: candidates sorted by start, then resource. */
export const AvailabilityResponseSchema = z.object({ data: z.array(AvailabilitySlotSchema) });
