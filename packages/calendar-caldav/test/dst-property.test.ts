/**
 * Recurring busy events across the DST changes of Berlin and New York, against Radicale: random
 * daily and weekly series (with excluded occurrences) must block exactly the intervals a brute-force
 * expansion in luxon gives, each occurrence at its series' local time whatever the offset that day.
 */
import { createCalDavCalendar } from '../src';
import { mergeBusyIntervals } from '@leadbook/server';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iCalendar, putICalendar, radicaleInstalled, startRadicale, type Radicale } from './radicale';
import { BERLIN_VTIMEZONE, NEW_YORK_VTIMEZONE, rfcInstant } from './timezones';

const ZONES = {
  'Europe/Berlin': { vtimezone: BERLIN_VTIMEZONE, changes: ['2030-03-31', '2030-10-27'] },
  'America/New_York': { vtimezone: NEW_YORK_VTIMEZONE, changes: ['2030-03-10', '2030-11-03'] },
} as const;
type Zone = keyof typeof ZONES;

/**
 * A series starting one day to three weeks before one of its zone's changes, so that its
 * occurrences cross the change, some of them (from 00:xx) across the very hour that moves, and some
 * (01:xx-03:xx) at a local time the change skips or repeats, which RFC 5545 reads as the time after
 * the gap or the first of the two.
 */
const series = fc.record({
  zone: fc.constantFrom<Zone>('Europe/Berlin', 'America/New_York'),
  change: fc.constantFrom(0, 1),
  daysBefore: fc.integer({ min: 1, max: 21 }),
  hour: fc.constantFrom(0, 1, 2, 3, 4, 7, 9, 12, 17, 20),
  minute: fc.constantFrom(0, 15, 30, 45),
  minutes: fc.integer({ min: 15, max: 180 }),
  weekly: fc.boolean(),
  interval: fc.integer({ min: 1, max: 2 }),
  count: fc.integer({ min: 2, max: 8 }),
  excluded: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
});
type Series = typeof series extends fc.Arbitrary<infer T> ? T : never;

/** 90 minutes daily from `hour`:30 the day before a change, so that one occurrence falls on the day. */
const acrossTheChange = (zone: Zone, change: 0 | 1, hour: Series['hour'] = 0): Series => ({
  zone,
  change,
  daysBefore: 1,
  hour,
  minute: 30,
  minutes: 90,
  weekly: false,
  interval: 1,
  count: 3,
  excluded: [],
});

const basic = (local: DateTime) => local.toFormat("yyyyMMdd'T'HHmmss");

/**
 * The occurrences of `s` by brute force: its local start moved by whole days (`walls`, the local
 * times the data names) and the instants they are (`all`), in its zone.
 */
function expand(s: Series) {
  const first = DateTime.fromISO(ZONES[s.zone].changes[s.change]!, { zone: s.zone })
    .minus({ days: s.daysBefore })
    .set({ hour: s.hour, minute: s.minute });
  const step = s.interval * (s.weekly ? 7 : 1);
  const walls = Array.from({ length: s.count }, (_, n) =>
    first.setZone('UTC', { keepLocalTime: true }).plus({ days: n * step }),
  );
  const all = walls.map((wall) => rfcInstant(s.zone, wall));
  const kept = all.filter((_, n) => !s.excluded.includes(n));
  return { first, walls, kept };
}

function ics(s: Series, uid: string) {
  const { first, walls } = expand(s);
  const tzid = `TZID=${s.zone}`;
  return iCalendar(ZONES[s.zone].vtimezone, [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20300101T000000Z',
    `DTSTART;${tzid}:${basic(first)}`,
    `DTEND;${tzid}:${basic(first.plus({ minutes: s.minutes }))}`,
    `RRULE:FREQ=${s.weekly ? 'WEEKLY' : 'DAILY'};INTERVAL=${s.interval};COUNT=${s.count}`,
    ...s.excluded.filter((n) => n < s.count).map((n) => `EXDATE;${tzid}:${basic(walls[n]!)}`),
    'SUMMARY:Recurring',
    'END:VEVENT',
  ]);
}

// Radicale is Debian's `radicale` package, which `.ci/run` installs; a machine without it skips
// these tests rather than fail them.
describe.skipIf(!radicaleInstalled)('recurring busy events across DST changes, against Radicale', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  it('block exactly the occurrences a brute-force expansion gives, at their local times', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(series, async (s) => {
        const calendarUrl = await radicale.newCalendar();
        await putICalendar(calendarUrl, 'series', ics(s, `series-${++runs}@example.com`));
        const calendar = createCalDavCalendar({
          calendarUrl,
          username: 'coach',
          password: 'secret',
          timezone: s.zone,
          allowPrivateUrls: true,
        });
        const { first, kept } = expand(s);
        const range = {
          startMs: first.minus({ days: 1 }).toMillis(),
          endMs: first.plus({ days: s.count * s.interval * 7 + 1 }).toMillis(),
        };
        const expected = kept.map((start) => ({
          startMs: start.toMillis(),
          endMs: start.plus({ minutes: s.minutes }).toMillis(),
        }));
        expect(await calendar.busy(range)).toEqual(mergeBusyIntervals(expected, range));
      }),
      {
        numRuns: 30,
        seed: 20301103,
        // Always among the runs: 00:30-02:00 daily through Berlin's spring change, whose occurrence
        // on the day lasts 90 minutes of elapsed time too (to 03:00 summer time), and the same
        // through New York's autumn change (to 01:00 the second time); 02:30 on Berlin's and New
        // York's spring-forward days (03:30 summer time) and 02:30 and 01:30 on their fall-back days
        // (the first, in summer time).
        examples: [
          [acrossTheChange('Europe/Berlin', 0)],
          [acrossTheChange('America/New_York', 1)],
          [acrossTheChange('Europe/Berlin', 0, 2)],
          [acrossTheChange('America/New_York', 0, 2)],
          [acrossTheChange('Europe/Berlin', 1, 2)],
          [acrossTheChange('America/New_York', 1, 1)],
        ],
      },
    );
  });
});
