import { describe, expect, it } from 'vitest';
import { calendarFeedUrl } from './index';

const TOKEN = `lbfeed_${'Ab0_-'.repeat(8)}xyz`;

describe('calendarFeedUrl', () => {
  it('joins the mount point and the feed path, keeping a path prefix', () => {
    expect(calendarFeedUrl('https://booking.example.com', TOKEN)).toBe(
      `https://booking.example.com/public/calendar-feeds/${TOKEN}.ics`,
    );
    expect(calendarFeedUrl('https://example.com/leadbook/', TOKEN)).toBe(
      `https://example.com/leadbook/public/calendar-feeds/${TOKEN}.ics`,
    );
  });

  it('writes the webcal: scheme for apps that subscribe from a link', () => {
    expect(calendarFeedUrl('http://localhost:3000', TOKEN, { webcal: true })).toBe(
      `webcal://localhost:3000/public/calendar-feeds/${TOKEN}.ics`,
    );
  });

  it('refuses a base URL that is not http(s) and a string that is not a feed token', () => {
    expect(() => calendarFeedUrl('ftp://example.com', TOKEN)).toThrow(TypeError);
    expect(() => calendarFeedUrl('booking.example.com', TOKEN)).toThrow(TypeError);
    expect(() => calendarFeedUrl('https://example.com', 'service_live_abc')).toThrow(TypeError);
    expect(() => calendarFeedUrl('https://example.com', `${TOKEN}/../x`)).toThrow(TypeError);
  });
});
