import { runExternalCalendarConformance } from '@leadbook/server/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { createCalDavCalendar } from '../src';
import { readEvent } from '../src/event-ics';
import {
  AUTHORIZATION,
  iCalendar,
  putICalendar,
  radicaleInstalled,
  startRadicale,
  vevent,
  type Radicale,
} from './radicale';

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips
// these tests rather than fail them.
describe.skipIf(!radicaleInstalled)('CalDAV calendar against Radicale', () => {
  let server: Radicale;
  beforeAll(async () => {
    server = await startRadicale();
  });
  afterAll(async () => {
    await server?.stop();
  });

  runExternalCalendarConformance({
    name: 'caldav (radicale)',
    create: async () => {
      const calendarUrl = await server.newCalendar();
      const calendar = createCalDavCalendar({
        calendarUrl,
        username: 'coach',
        password: 'secret',
        allowPrivateUrls: true,
      });
      return {
        calendar,
        addExternalEvent: async (event) =>
          putICalendar(
            calendarUrl,
            event.uid.replace(/\W/g, '-'),
            iCalendar(
              vevent(
                event.uid,
                event.startMs,
                event.endMs,
                ...(event.transparent ? ['TRANSP:TRANSPARENT'] : []),
                ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
              ),
            ),
          ),
        inspect: async (eventId) => {
          const response = await fetch(eventId, { headers: { authorization: AUTHORIZATION } });
          if (response.status === 404) return null;
          return readEvent(await response.text());
        },
        dispose: async () => undefined,
      };
    },
  });
});
