import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFeed, type FeedEvent } from './ics';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 20, 9);

const event = (overrides: Partial<FeedEvent> = {}): FeedEvent => ({
  uid: 'booking-b1@leadbook.events',
  sequence: 0,
  startMs: T0,
  endMs: T0 + HOUR,
  createdMs: T0 - 48 * HOUR,
  modifiedMs: T0 - 24 * HOUR,
  summary: 'Trial lesson',
  description: 'Leadbook booking b1',
  ...overrides,
});

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe('buildFeed', () => {
  it('writes each event with its UID, SEQUENCE, UTC times, DTSTAMP and LAST-MODIFIED', () => {
    const text = buildFeed({
      name: 'Room 1',
      timezone: 'Europe/Berlin',
      refreshMinutes: 15,
      events: [event(), event({ uid: 'booking-b2@leadbook.events', sequence: 3 })],
    });
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Room 1');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    const [first, second] = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(first!.uid).toBe('booking-b1@leadbook.events');
    expect(first!.startDate.toJSDate().getTime()).toBe(T0);
    expect(first!.endDate.toJSDate().getTime()).toBe(T0 + HOUR);
    expect(first!.startDate.zone?.tzid).toBe('UTC');
    expect(text).toContain('DTSTART:20260320T090000Z\r\n');
    expect(text).toContain('DTSTAMP:20260319T090000Z\r\n');
    expect(text).toContain('LAST-MODIFIED:20260319T090000Z\r\n');
    expect(second!.sequence).toBe(3);
  });

  it('folds lines at 75 octets without splitting a character, and escapes text', () => {
    const summary = `Ärztliche Beratung; Raum 1, Etage 2 — ${'ü'.repeat(60)} ${'a'.repeat(200)} 😀😀😀\nzweite Zeile`;
    const text = buildFeed({
      name: 'Praxis',
      timezone: null,
      refreshMinutes: 15,
      events: [event({ summary })],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/\r?\n(?! )[^A-Z\r\n]/);
    expect(text).toContain('Ärztliche Beratung\\; Raum 1\\, Etage 2');
    const parsed = new ICAL.Event(parse(text).getFirstSubcomponent('vevent')!);
    expect(parsed.summary).toBe(summary);
    expect(text).not.toContain('X-WR-TIMEZONE');
  });

  it('writes a calendar without events when there are none', () => {
    const calendar = parse(buildFeed({ name: 'Room 1', timezone: null, refreshMinutes: 15, events: [] }));
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  });
});
