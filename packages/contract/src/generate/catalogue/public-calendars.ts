/**
 * The named types of the public form's calendar list (an extension).
 *
 * @module
 */
import { PublicCalendarSchema } from '../../public-calendars';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const publicCalendarTypes = {
  PublicCalendar: {
    schema: PublicCalendarSchema,
    mode: 'output',
    doc: 'A calendar as a public form lists it: id, name and IANA time zone (extension).',
  },
} satisfies Record<string, TypeEntry>;
