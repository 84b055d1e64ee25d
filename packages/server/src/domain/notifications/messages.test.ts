import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../core/manual-clock';
import { bookingEventUid } from '../../ports/external-calendar';
import type { NotificationMessage } from '../../ports/notifier';
import {
  cancellationMessage,
  confirmationMessage,
  reminderMessage,
  rescheduleMessage,
  type BookingMessageInput,
} from './messages';

const clock = createManualClock('2030-01-07T09:00:00Z');
const HOUR = 3_600_000;
// Two days after the clock, 10:00 in Berlin (CET, UTC+1) is 09:00 UTC.
const startMs = clock.now() + 48 * HOUR;

const booking = (overrides: Partial<BookingMessageInput> = {}): BookingMessageInput => ({
  bookingId: 'b_1',
  startMs,
  endMs: startMs + HOUR / 2,
  appointmentTypeName: 'Trial lesson',
  resourceName: 'Studio A',
  timezone: 'Europe/Berlin',
  meetingUrl: 'https://meet.example.com/j/123?pwd=a&b=c',
  lead: { email: 'ada@example.com', name: 'Ada' },
  from: { email: 'studio@example.com', name: 'Yoga Studio' },
  sequence: 0,
  nowMs: clock.now(),
  ...overrides,
});

const invite = (message: NotificationMessage) => {
  const [attachment] = message.attachments;
  if (!attachment) throw new Error('no invite');
  const root = new ICAL.Component(ICAL.parse(String(attachment.content)));
  const vevent = root.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { attachment, root, vevent, event: new ICAL.Event(vevent) };
};

describe('booking messages', () => {
  it('confirm with a REQUEST invite of the booking UID, sequence 0, the start in UTC', () => {
    const message = confirmationMessage(booking());
    const { attachment, root, vevent, event } = invite(message);
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(root.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toBe(bookingEventUid('b_1'));
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().getTime()).toBe(startMs);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().getTime()).toBe(startMs + HOUR / 2);
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:studio@example.com');
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:ada@example.com');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/j/123?pwd=a&b=c');
    expect(message.to).toEqual(['"Ada" <ada@example.com>']);
    expect(message.from).toBe('"Yoga Studio" <studio@example.com>');
    expect(message.id).toBe('confirmation.b_1.0@leadbook.events');
  });

  it('name the calendar zone and show local times in the text', () => {
    const { text, subject } = confirmationMessage(booking());
    expect(text).toContain('(Europe/Berlin, GMT+1)');
    expect(text).toMatch(/10:00/);
    expect(subject).toContain('Trial lesson');
  });

  it('format the times in the lead locale', () => {
    const german = confirmationMessage(booking({ locale: 'de-DE' }));
    expect(german.text).toContain('Mittwoch, 9. Januar 2030');
    expect(german.text).toContain('MEZ');
    for (const locale of ['not a locale!', 'zz', null]) {
      expect(confirmationMessage(booking({ locale })).text).toContain('Wednesday, January 9, 2030');
    }
  });

  it('escape lead and booking values in the HTML, never in the text', () => {
    const message = confirmationMessage(
      booking({
        lead: { email: 'ada@example.com', name: '<b>Ada</b> & "co"' },
        resourceName: '<script>x</script>',
      }),
    );
    expect(message.html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;co&quot;');
    expect(message.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('href="https://meet.example.com/j/123?pwd=a&amp;b=c"');
    expect(message.text).toContain('Hello <b>Ada</b> & "co",');
  });

  it('keep a display name with quotes or line breaks to one quoted header value', () => {
    const message = confirmationMessage(
      booking({ lead: { email: 'ada@example.com', name: 'A "B"\r\nBcc: x@y' } }),
    );
    expect(message.to).toEqual(['"A \\"B\\" Bcc: x@y" <ada@example.com>']);
  });

  it('reschedule with the same UID, a higher sequence and the former time named', () => {
    const withPrevious = rescheduleMessage({
      ...booking({ startMs: startMs + 24 * HOUR, endMs: startMs + 24.5 * HOUR, sequence: 2 }),
      previousStartMs: startMs,
      previousEndMs: startMs + HOUR / 2,
    });
    expect(withPrevious.id).toBe('reschedule.b_1.2@leadbook.events');
    const { event } = invite(withPrevious);
    expect(event.uid).toBe(bookingEventUid('b_1'));
    expect(event.sequence).toBe(2);
    expect(event.startDate.toJSDate().getTime()).toBe(startMs + 24 * HOUR);
    expect(withPrevious.text).toMatch(/from Wednesday, January 9, 2030.*to Thursday, January 10, 2030/s);
  });

  it('cancel with METHOD:CANCEL, STATUS:CANCELLED and the same UID', () => {
    const message = cancellationMessage(booking({ sequence: 2 }));
    const { attachment, root, event, vevent } = invite(message);
    expect(attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(root.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.uid).toBe(bookingEventUid('b_1'));
    expect(event.sequence).toBe(2);
    expect(message.text).not.toContain('meet.example.com');
  });

  it('remind without an invite, with an id per reminder offset', () => {
    const day = reminderMessage({ ...booking(), minutesBefore: 1440 });
    const hour = reminderMessage({ ...booking(), minutesBefore: 60 });
    expect(day.attachments).toEqual([]);
    expect(day.id).not.toBe(hour.id);
    expect(day.subject).toMatch(/^Reminder: Trial lesson/);
  });

  it('use a host template in place of the default', () => {
    const message = confirmationMessage(
      booking({
        templates: {
          confirmation: (data) => ({
            subject: `Gebucht: ${data.when}`,
            text: data.timezone,
            html: '<p>x</p>',
          }),
        },
        locale: 'de',
      }),
    );
    expect(message.subject).toMatch(/^Gebucht: Mittwoch/);
    expect(message.text).toBe('Europe/Berlin');
    expect(message.attachments).toHaveLength(1);
  });

  it('fold and escape long values so ical.js reads them back unchanged', () => {
    const appointmentTypeName = 'Färbung, Schnitt; Styling\\Pflege – '.repeat(4).trim();
    const message = confirmationMessage(booking({ appointmentTypeName }));
    const content = String(message.attachments[0]!.content);
    const lines = content.split('\r\n');
    // ical.js folds at 75 octets of content; a continuation line adds its leading space.
    expect(lines.filter((line) => Buffer.byteLength(line) > 76)).toEqual([]);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(1);
    expect(invite(message).event.summary).toBe(`${appointmentTypeName} with Studio A`);
  });

  it('refuse an unknown time zone and a negative sequence', () => {
    expect(() => confirmationMessage(booking({ timezone: 'Mars/Olympus' }))).toThrow(RangeError);
    expect(() => confirmationMessage(booking({ sequence: -1 }))).toThrow(RangeError);
  });
});
