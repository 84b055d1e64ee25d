import { createConnectService, createManualClock, type ConnectService } from '@leadbook/server';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN, studioFixture } from '@leadbook/server/studio';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpNotifier, type SmtpNotifier } from '../src';
import { day, NOW } from '../../../test-support/time';
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from './smtp-server';

const HOUR = 3_600_000;
// Monday 09:00 in Berlin (UTC+1), in the studio coach's daily window; then a day and two days later.
const START = Date.parse(`${day(1)}T08:00:00Z`);

let server: TestSmtpServer;
let notifier: SmtpNotifier;
let service: ConnectService;

beforeAll(async () => {
  server = await startSmtpServer();
  notifier = createSmtpNotifier({
    host: '127.0.0.1',
    port: server.port,
    requireTls: true,
    auth: SMTP_USER,
    tls: { ca: server.cert },
    timeoutMs: 30_000,
  });
  service = await createConnectService({ clock: createManualClock(NOW), notifications: { notifier } });
  await service.admin.seed(studioFixture({ now: NOW }));
  await service.admin.appointmentTypes.setNotifications(ID.organization, ID.appointmentTypeTrial, {
    from: { email: 'bookings@studio.test', name: 'Yoga Studio' },
    replyTo: 'desk@studio.test',
  });
});
afterAll(async () => {
  await service.close();
  notifier.close();
  await server.close();
});

const call = async (method: string, path: string, json?: unknown) => {
  const response = await service.fetch(
    new Request(`http://x${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN.admin}`, 'content-type': 'application/json' },
      ...(json ? { body: JSON.stringify(json) } : {}),
    }),
  );
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : ((await response.json()) as { id: string });
};

const interval = (startMs: number) => ({
  startDateTime: new Date(startMs).toISOString(),
  endDateTime: new Date(startMs + HOUR).toISOString(),
});

/** The lead's messages, in the order the server accepted them. */
const inbox = (address: string) => server.mailbox.filter((mail) => mail.rcptTo.includes(address));

/** Waits (yielding to the event loop) until the lead's inbox holds `count` messages. */
async function delivered(address: string, count: number): Promise<ParsedMail[]> {
  while (inbox(address).length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return inbox(address).map((mail) => mail.parsed);
}

const inviteOf = (mail: ParsedMail) => {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) throw new Error(`no invite in ${mail.subject}`);
  const root = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  return {
    method: String(root.getFirstPropertyValue('method')),
    event: new ICAL.Event(root.getFirstSubcomponent('vevent')!),
  };
};

describe('booking notifications over SMTP', () => {
  it('book, reschedule twice, delete: four messages whose invites, applied in order, leave no event', async () => {
    const lead = await service.admin.entries.create(ID.organization, {
      tableId: ID.table,
      leadStateId: ID.leadStateNew,
      data: { name: 'Ada Lovelace', email: 'ada@lead.test', locale: 'de-DE' },
    });
    const booking = (await call('POST', '/connect/calendar_bookings/', {
      calendarId: ID.calendarBerlin,
      appointmentTypeId: ID.appointmentTypeTrial,
      resourceId: ID.resourceCoach,
      entryId: lead.id,
      ...interval(START),
    }))!;
    await delivered('ada@lead.test', 1);
    await call('PATCH', `/connect/calendar_bookings/${booking.id}`, interval(START + 24 * HOUR));
    await delivered('ada@lead.test', 2);
    await call('PATCH', `/connect/calendar_bookings/${booking.id}`, interval(START + 48 * HOUR));
    await delivered('ada@lead.test', 3);
    await call('DELETE', `/connect/calendar_bookings/${booking.id}`);
    const mails = await delivered('ada@lead.test', 4);

    expect(mails.map((mail) => mail.messageId)).toEqual([
      `<confirmation.${booking.id}.0@leadbook.events>`,
      `<reschedule.${booking.id}.1@leadbook.events>`,
      `<reschedule.${booking.id}.2@leadbook.events>`,
      `<cancellation.${booking.id}.2@leadbook.events>`,
    ]);
    expect(mails[0]!.from?.text).toBe('"Yoga Studio" <bookings@studio.test>');
    expect(mails[0]!.replyTo?.text).toBe('desk@studio.test');
    // The lead's locale, the calendar's zone named: Monday 09:00 in Berlin.
    expect(mails[0]!.text).toContain('Europe/Berlin');
    expect(mails[0]!.text).toMatch(/Montag.*9:00/);

    // A mail client's calendar: REQUEST adds or, with a higher SEQUENCE, moves; CANCEL removes.
    const calendar = new Map<string, { sequence: number; startMs: number }>();
    const starts: number[] = [];
    for (const mail of mails) {
      const { method, event } = inviteOf(mail);
      expect(event.uid).toBe(`booking-${booking.id}@leadbook.events`);
      expect(event.sequence).toBeGreaterThanOrEqual(calendar.get(event.uid)?.sequence ?? 0);
      if (method === 'REQUEST') {
        const startMs = event.startDate.toJSDate().getTime();
        calendar.set(event.uid, { sequence: event.sequence, startMs });
        starts.push(startMs);
      } else {
        expect(method).toBe('CANCEL');
        calendar.delete(event.uid);
      }
    }
    expect(mails.map((mail) => inviteOf(mail).event.sequence)).toEqual([0, 1, 2, 2]);
    expect(starts).toEqual([START, START + 24 * HOUR, START + 48 * HOUR]);
    expect(calendar.size).toBe(0);
  });

  it('records a refused mailbox (550) as failed, and schedules a greylisted one (450) again', async () => {
    const failed: unknown[] = [];
    service.events.on('calendar.appointment.notificationFailed', (event) => void failed.push(event.payload));
    const book = async (email: string, startMs: number) => {
      const lead = await service.admin.entries.create(ID.organization, {
        tableId: ID.table,
        leadStateId: ID.leadStateNew,
        data: { email },
      });
      return (await call('POST', '/connect/calendar_bookings/', {
        calendarId: ID.calendarBerlin,
        appointmentTypeId: ID.appointmentTypeTrial,
        resourceId: ID.resourceCoach,
        entryId: lead.id,
        ...interval(startMs),
      }))!;
    };
    const refused = await book('nobody@lead.test', START + 72 * HOUR);
    while (failed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failed).toEqual([
      {
        booking: expect.objectContaining({ id: refused.id }),
        notification: {
          kind: 'confirmation',
          messageId: `confirmation.${refused.id}.0@leadbook.events`,
          reason: 'rejected',
          detail: expect.stringContaining('550'),
        },
      },
    ]);

    const greylisted = await book('greylisted@lead.test', START + 96 * HOUR);
    const retryKey = `notify:${greylisted.id}:confirmation:attempt:2`;
    const retry = () => service.storage.transaction((tx) => tx.jobs.get(retryKey));
    while (!(await retry())) await new Promise((resolve) => setTimeout(resolve, 10));
    // Tried again a minute later by the service's clock, as the same message.
    expect(await retry()).toMatchObject({
      runAt: NOW + 60_000,
      payload: { attempt: 2, messageId: `confirmation.${greylisted.id}.0@leadbook.events` },
    });
    expect(failed).toHaveLength(1);
    expect(inbox('greylisted@lead.test')).toEqual([]);
  });
});
