/**
 * A busy read: every page of `events.list` over the range (recurring events expanded by Google,
 * at most `maxPages` pages of 2,500 events), each event's busy interval, merged and clipped.
 *
 * @module
 */
import {
  ExternalCalendarError,
  mergeBusyIntervals,
  type BusyInterval,
  type BusyRange,
} from '@leadbook/server';
import type { KyInstance, Options } from 'ky';
import { BUSY_FIELDS, busyOf, type GoogleEvent } from './events';

/** The most events Google returns on one page of `events.list`. */
const PAGE_SIZE = 2500;

/** A page of `events.list`. */
export interface EventsPage {
  items?: GoogleEvent[];
  nextPageToken?: string;
  timeZone?: string;
}

/** What a busy read needs. */
export interface BusyRead {
  api: KyInstance;
  /** The events collection's path, `calendars/{calendarId}/events`. */
  path: string;
  range: BusyRange;
  /** The call's request options (its signal and context). */
  request: Options;
  /** The zone of all-day events when Google's answer names none. */
  zone: string;
  maxPages: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The busy intervals of the range, merged, sorted and clipped; more than `maxPages` pages fail. */
export async function readBusy({
  api,
  path,
  range,
  request,
  zone,
  maxPages,
}: BusyRead): Promise<BusyInterval[]> {
  const intervals: BusyInterval[] = [];
  let pageToken: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await api
      .get(path, {
        ...request,
        searchParams: {
          timeMin: iso(range.startMs),
          timeMax: iso(range.endMs),
          singleEvents: 'true',
          showDeleted: 'false',
          maxResults: String(PAGE_SIZE),
          fields: BUSY_FIELDS,
          ...(pageToken === undefined ? {} : { pageToken }),
        },
      })
      .json<EventsPage>();
    for (const event of answer.items ?? []) {
      const interval = busyOf(event, answer.timeZone ?? zone);
      if (interval) intervals.push(interval);
    }
    pageToken = answer.nextPageToken;
    if (pageToken === undefined) break;
    if (page === maxPages) {
      throw new ExternalCalendarError(
        `Google Calendar reading busy times: more than ${maxPages * PAGE_SIZE} events in the range`,
        { retryable: false },
      );
    }
  }
  return mergeBusyIntervals(intervals, range);
}
