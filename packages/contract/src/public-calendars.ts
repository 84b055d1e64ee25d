/**
 * The calendars of a public form (an extension of the 2.16.0 API): what a booking widget needs to
 * name a calendar and show its time zone, and nothing else.
 *
 * @module
 */
import { z } from 'zod';
import { UuidSchema } from './primitives';

/**
 * A calendar as `GET /public/forms/:id/calendars` lists it: its id, name and IANA time zone. Never
 * its colour, organization, booking count or archived state.
 */
export const PublicCalendarSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  timeZone: z.string().min(1).describe("IANA time-zone name: the calendar's own zone"),
});

/** The response of `GET /public/forms/:id/calendars`: the form's bookable calendars, in form order. */
export const PublicCalendarsSchema = z.array(PublicCalendarSchema);
