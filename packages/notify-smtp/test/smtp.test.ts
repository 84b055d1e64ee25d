import {
  cancellationMessage,
  confirmationMessage,
  createManualClock,
  isNotifierError,
  rescheduleMessage,
  type BookingMessageInput,
  type NotificationMessage,
} from '@leadbook/server';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpNotifier, type SmtpNotifierOptions } from '../src';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from './smtp-server';

const clock = createManualClock('2030-03-25T08:00:00Z');
const HOUR = 3_600_000;
// Three days after the clock, 15:00 in New York (EDT, UTC-4).
const startMs = clock.now() + 3 * 24 * HOUR + 11 * HOUR;

let server: TestSmtpServer;
// Each test's bookings get their own ids, so their messages are told apart in the shared mailbox.
let bookings = 0;
beforeAll(async () => {
  server = await startSmtpServer();
});
afterAll(async () => {
  await server.close();
});

const options = (overrides: Partial<SmtpNotifierOptions> = {}): SmtpNotifierOptions => ({
  host: '127.0.0.1',
  port: server.port,
  requireTls: true,
  auth: SMTP_USER,
  tls: { ca: server.cert },
  timeoutMs: 30_000,
  ...overrides,
});

const booking = (overrides: Partial<BookingMessageInput> = {}): BookingMessageInput => ({
  bookingId: `b_${(bookings += 1)}`,
  startMs,
  endMs: startMs + HOUR,
  appointmentTypeName: 'Consultation',
  resourceName: 'Dr. Lee',
  timezone: 'America/New_York',
  meetingUrl: 'https://meet.example.com/j/42',
  lead: { email: 'ada@lead.test', name: 'Ada Lovelace' },
  from: { email: 'bookings@studio.test', name: 'Studio' },
  sequence: 0,
  nowMs: clock.now(),
  ...overrides,
});

const received = (id: string) => {
  const entry = server.mailbox.find((mail) => mail.parsed.messageId === `<${id}>`);
  if (!entry) throw new Error(`no message ${id} in the mailbox`);
  return entry;
};

const inviteOf = (mail: ParsedMail) => {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) throw new Error('no text/calendar part');
  const root = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const vevent = root.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return {
    root,
    vevent,
    event: new ICAL.Event(vevent),
    method: String(root.getFirstPropertyValue('method')),
  };
};

const send = async (message: NotificationMessage, overrides: Partial<SmtpNotifierOptions> = {}) => {
  const notifier = createSmtpNotifier(options(overrides));
  try {
    return await notifier.send(message);
  } finally {
    notifier.close();
  }
};

describe('SMTP notifier against a real SMTP server', () => {
  it('sends a confirmation over STARTTLS with AUTH, its invite in the calendar zone instant', async () => {
    const message = confirmationMessage(booking());
    await expect(send(message)).resolves.toEqual({ messageId: message.id, rejectedRecipients: [] });
    const { parsed, rcptTo, secure, user } = received(message.id);
    expect(secure).toBe(true);
    expect(user).toBe(SMTP_USER.user);
    expect(rcptTo).toEqual(['ada@lead.test']);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value).toEqual([{ address: 'bookings@studio.test', name: 'Studio' }]);
    expect(parsed.text).toContain('(America/New_York, EDT)');
    expect(parsed.text).toContain('3:00');
    expect(parsed.html).toContain('href="https://meet.example.com/j/42"');
    const { method, event, vevent } = inviteOf(parsed);
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe(`booking-${message.id.split('.')[1]}@leadbook.events`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().getTime()).toBe(startMs);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://meet.example.com/j/42');
  });

  it('book, reschedule twice and cancel: four invites that leave no event once applied in order', async () => {
    const first = booking();
    const moves = [1, 2].map((sequence) => ({
      ...first,
      startMs: first.startMs + sequence * 24 * HOUR,
      endMs: first.endMs + sequence * 24 * HOUR,
      previousStartMs: first.startMs + (sequence - 1) * 24 * HOUR,
      previousEndMs: first.endMs + (sequence - 1) * 24 * HOUR,
      sequence,
    }));
    const last = moves[1]!;
    const messages = [
      confirmationMessage(first),
      ...moves.map((move) => rescheduleMessage(move)),
      cancellationMessage({ ...first, startMs: last.startMs, endMs: last.endMs, sequence: 2 }),
    ];
    const notifier = createSmtpNotifier(options({ pool: { maxConnections: 1 } }));
    try {
      for (const message of messages) await notifier.send(message);
    } finally {
      notifier.close();
    }

    // A mail client's calendar: REQUEST adds or, with a higher SEQUENCE, moves; CANCEL removes.
    const calendar = new Map<string, { sequence: number; startMs: number }>();
    const starts: number[] = [];
    for (const message of messages) {
      const { method, event } = inviteOf(received(message.id).parsed);
      const known = calendar.get(event.uid);
      expect(event.sequence).toBeGreaterThanOrEqual(known?.sequence ?? 0);
      if (method === 'REQUEST') {
        calendar.set(event.uid, { sequence: event.sequence, startMs: event.startDate.toJSDate().getTime() });
        starts.push(event.startDate.toJSDate().getTime());
      } else if (method === 'CANCEL') {
        expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
        calendar.delete(event.uid);
      }
      expect(calendar.size).toBe(method === 'CANCEL' ? 0 : 1);
    }
    expect(messages.map((message) => inviteOf(received(message.id).parsed).event.sequence)).toEqual([
      0, 1, 2, 2,
    ]);
    expect(starts).toEqual([first.startMs, moves[0]!.startMs, last.startMs]);
    expect(calendar.size).toBe(0);
  });

  it('turns a 451 reply into a retryable error, and the retry is delivered', async () => {
    const message = confirmationMessage(booking());
    server.rejectNext(451, 'Temporary local problem, try again later');
    const failure = await send(message).catch((error: unknown) => error);
    expect(isNotifierError(failure) && failure.retryable).toBe(true);
    expect(failure).toMatchObject({ responseCode: 451 });
    await send(message);
    expect(server.mailbox.filter((mail) => mail.parsed.messageId === `<${message.id}>`)).toHaveLength(1);
  });

  it('turns a 550 reply into a permanent error', async () => {
    server.rejectNext(550, 'Mailbox unavailable');
    const failure = await send(confirmationMessage(booking())).catch((error: unknown) => error);
    expect(isNotifierError(failure)).toBe(true);
    expect(failure).toMatchObject({ retryable: false, responseCode: 550 });
  });

  it('refuses wrong credentials permanently, without the password in the error', async () => {
    const failure = await send(confirmationMessage(booking()), {
      auth: { user: SMTP_USER.user, pass: 'wrong password 123' },
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryable: false, responseCode: 535 });
    expect(String((failure as Error).message)).not.toContain('wrong password 123');
  });

  it('calls a server that is down a retryable failure', async () => {
    const down = await startSmtpServer();
    await down.close();
    const failure = await send(confirmationMessage(booking()), { port: down.port }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ retryable: true, responseCode: undefined });
  });

  it('does not send over a certificate it cannot verify', async () => {
    const message = confirmationMessage(booking());
    const failure = await send(message, { tls: {} }).catch((error: unknown) => error);
    expect(isNotifierError(failure)).toBe(true);
    expect(server.mailbox.some((mail) => mail.parsed.messageId === `<${message.id}>`)).toBe(false);
  });

  it('reports a recipient refused beside accepted ones, and fails when every recipient is refused', async () => {
    const message = { ...confirmationMessage(booking()), to: ['ada@lead.test', 'nobody@lead.test'] };
    await expect(send(message)).resolves.toEqual({
      messageId: message.id,
      rejectedRecipients: ['nobody@lead.test'],
    });
    expect(received(message.id).rcptTo).toEqual(['ada@lead.test']);
    const greylisted = { ...confirmationMessage(booking()), to: ['greylisted@lead.test'] };
    const failure = await send(greylisted).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'NotifierError', retryable: true, responseCode: 450 });
  });

  it('sends over TLS from the first byte with secure: true', async () => {
    const implicit = await startSmtpServer({ secure: true });
    try {
      const message = confirmationMessage(booking());
      const notifier = createSmtpNotifier({
        ...options(),
        port: implicit.port,
        secure: true,
        tls: { ca: implicit.cert },
      });
      await notifier.send(message);
      notifier.close();
      expect(implicit.mailbox.map((mail) => [mail.parsed.messageId, mail.secure])).toEqual([
        [`<${message.id}>`, true],
      ]);
    } finally {
      await implicit.close();
    }
  });

  it('gives up on a server that never answers at timeoutMs, as a retryable failure', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const failure = await send(confirmationMessage(booking()), { port, timeoutMs: 300 }).catch(
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ name: 'NotifierError', retryable: true, responseCode: undefined });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('rejects a send whose signal is already aborted', async () => {
    const notifier = createSmtpNotifier(options());
    try {
      const failure = await notifier
        .send(confirmationMessage(booking()), { signal: AbortSignal.abort() })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'NotifierError', retryable: true });
    } finally {
      notifier.close();
    }
  });
});
