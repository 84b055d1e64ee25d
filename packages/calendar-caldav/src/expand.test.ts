import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { mergeBusyIntervals } from '@leadbook/server';
import { BERLIN_VTIMEZONE, NEW_YORK_VTIMEZONE, rfcInstant } from '../test/timezones';
import { busyFromICalendar } from './expand';

const lines = (...body: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...body, 'END:VCALENDAR', ''].join('\r\n');
const OPTIONS = { timezone: 'UTC', maxOccurrences: 50_000 };
const WIDE = { startMs: Date.parse('2029-12-01T00:00:00Z'), endMs: Date.parse('2030-12-31T00:00:00Z') };
const stamp = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");

describe('busyFromICalendar', () => {
  it('recurring events in Berlin and New York, with or without VTIMEZONE, block exactly the local times a brute-force expansion gives', () => {
    // Starts within a few weeks of the 2030 DST changes of both zones, at any hour: occurrences
    // on a change day may fall in the hour it skips or repeats (RFC 5545 reads them as the time
    // after the gap, or the first of the two). The first occurrence is not on a change day.
    const arbitrary = fc.record({
      zone: fc.constantFrom('Europe/Berlin', 'America/New_York'),
      anchor: fc.constantFrom('2030-03-01', '2030-03-20', '2030-10-20', '2030-10-30'),
      offsetDays: fc.integer({ min: 0, max: 20 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45),
      lengthMinutes: fc.integer({ min: 15, max: 180 }),
      weekly: fc.boolean(),
      interval: fc.integer({ min: 1, max: 3 }),
      count: fc.integer({ min: 1, max: 12 }),
      excluded: fc.integer({ min: 0, max: 11 }),
      defined: fc.boolean(),
    });
    type Case = typeof arbitrary extends fc.Arbitrary<infer T> ? T : never;
    fc.assert(
      fc.property(arbitrary, (c) => {
        // Local times as UTC DateTimes of the same fields; instants by RFC 5545 in the zone.
        const first = DateTime.fromISO(c.anchor, { zone: 'UTC' })
          .plus({ days: c.offsetDays })
          .set({ hour: c.hour, minute: c.minute });
        const day = first.startOf('day');
        fc.pre(
          rfcInstant(c.zone, day.plus({ days: 1 }))
            .diff(rfcInstant(c.zone, day))
            .as('hours') === 24,
        );
        const wall = (i: number) => first.plus({ days: i * c.interval * (c.weekly ? 7 : 1) });
        const end = first.plus({ minutes: c.lengthMinutes });
        const exact = rfcInstant(c.zone, end).toMillis() - rfcInstant(c.zone, first).toMillis();
        const exdate = c.excluded < c.count ? [`EXDATE;TZID=${c.zone}:${stamp(wall(c.excluded))}`] : [];
        const vtimezone = c.zone === 'Europe/Berlin' ? BERLIN_VTIMEZONE : NEW_YORK_VTIMEZONE;
        const ics = lines(
          ...(c.defined ? vtimezone : []),
          'BEGIN:VEVENT',
          'UID:prop@example.com',
          'DTSTAMP:20300101T000000Z',
          `DTSTART;TZID=${c.zone}:${stamp(first)}`,
          `DTEND;TZID=${c.zone}:${stamp(end)}`,
          `RRULE:FREQ=${c.weekly ? 'WEEKLY' : 'DAILY'};INTERVAL=${c.interval};COUNT=${c.count}`,
          ...exdate,
          'END:VEVENT',
        );
        const expected = [];
        for (let i = 0; i < c.count; i++) {
          if (i === c.excluded) continue;
          const startMs = rfcInstant(c.zone, wall(i)).toMillis();
          expected.push({ startMs, endMs: startMs + exact });
        }
        expect(mergeBusyIntervals(busyFromICalendar([ics], WIDE, OPTIONS), WIDE)).toEqual(
          mergeBusyIntervals(expected, WIDE),
        );
      }),
      {
        // Always among the runs, with and without VTIMEZONE: 02:30 daily through Berlin's spring
        // change (03:30 summer time on the day) and its autumn change (the first 02:30), and 01:30
        // daily through New York's autumn change (the first 01:30).
        examples: [true, false].flatMap((defined) =>
          (
            [
              ['Europe/Berlin', '2030-03-20', 10, 2],
              ['Europe/Berlin', '2030-10-20', 6, 2],
              ['America/New_York', '2030-10-30', 3, 1],
            ] as const
          ).map(([zone, anchor, offsetDays, hour]): [Case] => [
            {
              zone,
              anchor,
              offsetDays,
              hour,
              minute: 30 as const,
              lengthMinutes: 45,
              weekly: false,
              interval: 1,
              count: 3,
              excluded: 11,
              defined,
            },
          ]),
        ),
      },
    );
  });

  it('reads all-day and floating times in the calendar zone', () => {
    const ics = lines(
      'BEGIN:VEVENT',
      'UID:day@example.com',
      'DTSTAMP:20300101T000000Z',
      'DTSTART;VALUE=DATE:20300331',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:floating@example.com',
      'DTSTAMP:20300101T000000Z',
      'DTSTART:20300402T090000',
      'DTEND:20300402T100000',
      'END:VEVENT',
    );
    const zone = 'Europe/Berlin';
    const at = (iso: string) => DateTime.fromISO(iso, { zone }).toMillis();
    // 31 March 2030 is the day clocks go forward: 23 hours long.
    expect(busyFromICalendar([ics], WIDE, { ...OPTIONS, timezone: zone })).toEqual([
      { startMs: at('2030-03-31T00:00'), endMs: at('2030-04-01T00:00') },
      { startMs: at('2030-04-02T09:00'), endMs: at('2030-04-02T10:00') },
    ]);
    expect(at('2030-04-01T00:00') - at('2030-03-31T00:00')).toBe(23 * 3_600_000);
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('reads a local time a DST change skips or repeats by RFC 5545, %s VTIMEZONE', (_, defined) => {
    // 02:30 on a spring-forward day does not exist: it is read with the offset before the gap,
    // i.e. one hour later in summer time. A time repeated in autumn is its first occurrence.
    const cases = [
      ['Europe/Berlin', '20300331T023000', '2030-03-31T01:30:00Z'],
      ['Europe/Berlin', '20301027T023000', '2030-10-27T00:30:00Z'],
      ['America/New_York', '20300310T023000', '2030-03-10T07:30:00Z'],
      ['America/New_York', '20301103T013000', '2030-11-03T05:30:00Z'],
    ] as const;
    for (const [zone, local, utc] of cases) {
      const ics = lines(
        ...(defined ? (zone === 'Europe/Berlin' ? BERLIN_VTIMEZONE : NEW_YORK_VTIMEZONE) : []),
        'BEGIN:VEVENT',
        'UID:edge@example.com',
        'DTSTAMP:20300101T000000Z',
        `DTSTART;TZID=${zone}:${local}`,
        'DURATION:PT15M',
        'END:VEVENT',
      );
      const startMs = Date.parse(utc);
      expect(busyFromICalendar([ics], WIDE, OPTIONS)).toEqual([{ startMs, endMs: startMs + 900_000 }]);
    }
  });

  it('reads an end in another zone than the start in its own zone', () => {
    const ics = lines(
      'BEGIN:VEVENT',
      'UID:flight@example.com',
      'DTSTAMP:20300101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20300402T090000',
      'DTEND;TZID=America/New_York:20300402T040000',
      'END:VEVENT',
    );
    expect(busyFromICalendar([ics], WIDE, OPTIONS)).toEqual([
      { startMs: Date.parse('2030-04-02T07:00:00Z'), endMs: Date.parse('2030-04-02T08:00:00Z') },
    ]);
  });

  it('fails, rather than hides busy time, when a rule has more occurrences than it walks', () => {
    const ics = lines(
      'BEGIN:VEVENT',
      'UID:minutely@example.com',
      'DTSTAMP:20000101T000000Z',
      'DTSTART:20000101T000000Z',
      'DTEND:20000101T000030Z',
      'RRULE:FREQ=MINUTELY',
      'END:VEVENT',
    );
    expect(() => busyFromICalendar([ics], WIDE, { ...OPTIONS, maxOccurrences: 1000 })).toThrow(
      /more than 1000 occurrences/,
    );
  });

  it('counts every event of a feed that gives several events one UID, or none', () => {
    const single = (uid: string[], start: string, end: string) => [
      'BEGIN:VEVENT',
      ...uid,
      'DTSTAMP:20300101T000000Z',
      `DTSTART:${start}`,
      `DTEND:${end}`,
      'END:VEVENT',
    ];
    const ics = lines(
      ...single(['UID:same@example.com'], '20300402T090000Z', '20300402T100000Z'),
      ...single(['UID:same@example.com'], '20300403T090000Z', '20300403T100000Z'),
      ...single([], '20300404T090000Z', '20300404T100000Z'),
      ...single([], '20300405T090000Z', '20300405T100000Z'),
    );
    const starts = busyFromICalendar([ics], WIDE, OPTIONS).map((i) => new Date(i.startMs).toISOString());
    expect(starts.sort()).toEqual([2, 3, 4, 5].map((day) => `2030-04-0${day}T09:00:00.000Z`));
  });

  it("leaves out Leadbook's own events and refuses data that is not iCalendar", () => {
    const own = lines(
      'BEGIN:VEVENT',
      'UID:booking-b1@leadbook.events',
      'DTSTAMP:20300101T000000Z',
      'DTSTART:20300402T090000Z',
      'DTEND:20300402T100000Z',
      'END:VEVENT',
    );
    expect(busyFromICalendar([own], WIDE, OPTIONS)).toEqual([]);
    expect(() => busyFromICalendar(['<html>'], WIDE, OPTIONS)).toThrow(/not valid iCalendar/);
  });
});
