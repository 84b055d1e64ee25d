/**
 * The named types of external calendar links (an extension, set through the console API).
 *
 * @module
 */
import {
  ExternalCalendarConnectionSchema,
  ExternalCalendarLinkInputSchema,
  ExternalCalendarLinkSchema,
} from '../../external-calendars';
import type { TypeEntry } from './entry';

/** Entries of the type catalogue, in the order of the generated file. */
export const externalCalendarTypes = {
  ExternalCalendarConnection: {
    schema: ExternalCalendarConnectionSchema,
    mode: 'output',
    doc: 'What a provider needs to reach one calendar; stored encrypted, never returned.',
  },
  ExternalCalendarLinkInput: {
    schema: ExternalCalendarLinkInputSchema,
    mode: 'input',
    doc: 'Input of `admin.externalCalendars.link`.',
  },
  ExternalCalendarLink: {
    schema: ExternalCalendarLinkSchema,
    mode: 'output',
    doc: "A resource's link to an external calendar, as the console shows it (never its connection).",
  },
} satisfies Record<string, TypeEntry>;
