/**
 * The SMTP notifier: sends `NotificationMessage`s through an SMTP server with nodemailer.
 *
 * @module
 */
import {
  NotifierError,
  type NotificationAttachment,
  type NotificationMessage,
  type Notifier,
} from '@leadbook/server';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type Mail from 'nodemailer/lib/mailer';
import { notifierErrorFrom } from './errors';

/** Options of {@link createSmtpNotifier}. */
export interface SmtpNotifierOptions {
  /** The SMTP server's host name or address. */
  host: string;
  /** The port: 587 (submission, STARTTLS), 465 (implicit TLS) or 25. */
  port: number;
  /**
   * `true` for implicit TLS from the first byte (port 465). With `false` (the default) the
   * connection is upgraded with STARTTLS when the server offers it; set `requireTls` to refuse a
   * server that does not.
   */
  secure?: boolean;
  /** Refuse to send over a connection that STARTTLS did not encrypt. Default `false`. */
  requireTls?: boolean;
  /** Credentials for SMTP AUTH (PLAIN or LOGIN, whichever the server offers). */
  auth?: { user: string; pass: string };
  /** TLS options passed to Node's `tls.connect`, such as `ca` for a private certificate authority. */
  tls?: SMTPTransport.Options['tls'];
  /**
   * The longest one send may take, in milliseconds, from connecting to the server's last reply;
   * also each of nodemailer's connection, greeting and socket timeouts.
   */
  timeoutMs: number;
  /** Keep up to this many connections open and reuse them (nodemailer's pool); off by default. */
  pool?: { maxConnections: number } | false;
}

/** The SMTP notifier; `close()` ends pooled connections when the service stops. */
export interface SmtpNotifier extends Notifier {
  /** Closes the pooled connections; sends after it open new ones. */
  close(): void;
}

const calendarMethod = (attachment: NotificationAttachment): string | undefined => {
  const [type, ...parameters] = attachment.contentType.split(';').map((part) => part.trim());
  if (type?.toLowerCase() !== 'text/calendar') return undefined;
  const method = parameters.find((parameter) => parameter.toLowerCase().startsWith('method='));
  return method?.slice('method='.length).toUpperCase();
};

const content = (value: string | Uint8Array) => (typeof value === 'string' ? value : Buffer.from(value));

// The first invite goes as nodemailer's `icalEvent`: a text/calendar alternative beside the text
// and HTML (which Gmail and Outlook read to offer the event) plus the same file as an attachment.
const mailOf = (message: NotificationMessage): Mail.Options => {
  const invite = message.attachments.find((attachment) => calendarMethod(attachment) !== undefined);
  const others = message.attachments.filter((attachment) => attachment !== invite);
  return {
    messageId: `<${message.id}>`,
    from: message.from,
    ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(invite
      ? {
          icalEvent: {
            filename: invite.filename,
            method: calendarMethod(invite) ?? 'REQUEST',
            content: content(invite.content),
          },
        }
      : {}),
    attachments: others.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: content(attachment.content),
    })),
  };
};

/**
 * Creates a notifier that sends through an SMTP server. A 4xx reply rejects with a retryable
 * `NotifierError`, a 5xx reply with a permanent one; a connection failure or timeout is retryable.
 * An aborted or timed-out send rejects at once, though the server may still have accepted the
 * message: send with a stable message id so a retry is recognisable.
 *
 * @example
 * ```ts
 * import { createSmtpNotifier } from '@leadbook/notify-smtp';
 *
 * const notifier = createSmtpNotifier({
 *   host: 'smtp.example.com',
 *   port: 587,
 *   requireTls: true,
 *   auth: { user: 'bookings@example.com', pass: process.env.SMTP_PASSWORD ?? '' },
 *   timeoutMs: 30_000,
 * });
 * await notifier.send(confirmationMessage(input));
 * ```
 */
export function createSmtpNotifier(options: SmtpNotifierOptions): SmtpNotifier {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
    throw new RangeError('timeoutMs is a positive number of milliseconds');
  }
  const timeouts = {
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  };
  const common = {
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    requireTLS: options.requireTls ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    ...timeouts,
  };
  const transport = options.pool
    ? createTransport({ ...common, pool: true, maxConnections: options.pool.maxConnections })
    : createTransport(common);

  return {
    kind: 'smtp',
    close: () => transport.close(),
    async send(message, call = {}) {
      const signal = AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs),
        ...(call.signal ? [call.signal] : []),
      ]);
      if (signal.aborted) throw aborted(signal);
      let onAbort = () => undefined as void;
      const stopped = new Promise<never>((_, reject) => {
        onAbort = () => reject(aborted(signal));
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        const info = await Promise.race([transport.sendMail(mailOf(message)), stopped]);
        return { messageId: message.id, rejectedRecipients: info.rejected.map(recipient) };
      } catch (error) {
        throw notifierErrorFrom(error);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

const recipient = (address: string | Mail.Address) =>
  typeof address === 'string' ? address : address.address;

const aborted = (signal: AbortSignal) =>
  new NotifierError('the send was aborted or timed out', { retryable: true, cause: signal.reason });
