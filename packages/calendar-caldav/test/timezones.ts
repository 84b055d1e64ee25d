import type { DateTime } from 'luxon';

/** VTIMEZONE definitions of the test zones, as calendar apps write them. */
export const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The instant of a local time (its fields, in a UTC DateTime) by RFC 5545 (3.3.5), by brute force:
 * the first quarter hour around it whose local time in `zone` it is; a time no quarter hour has (a
 * gap) is read with the offset of the day before, i.e. shifted forward by the gap.
 */
export function rfcInstant(zone: string, wall: DateTime): DateTime {
  const same = (at: DateTime) => at.toFormat('yyyy-MM-dd HH:mm') === wall.toFormat('yyyy-MM-dd HH:mm');
  for (let quarter = -14 * 4; quarter <= 14 * 4; quarter++) {
    const candidate = wall.plus({ minutes: 15 * quarter }).setZone(zone);
    if (same(candidate)) return candidate;
  }
  const offsetBefore = wall.minus({ days: 1 }).setZone(zone).offset;
  return wall.minus({ minutes: offsetBefore }).setZone(zone);
}
