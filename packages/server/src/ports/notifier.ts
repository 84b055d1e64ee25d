/**
 * The notifier port: sends one email message (text, HTML and attachments such as a calendar
 * invite) to its recipients. Adapters: the in-memory notifier of `@leadbook/server` (tests, the
 * demo) and `@leadbook/notify-smtp` (SMTP on nodemailer), or your own.
 *
 * Every call is bounded: it takes an `AbortSignal`, and an adapter gives up at its own timeout.
 *
 * @module
 */

/** A file attached to a message. */
export interface NotificationAttachment {
  /** The file name shown by mail clients, such as `invite.ics`. */
  filename: string;
  /**
   * The MIME type with its parameters. A calendar invite is
   * `text/calendar; charset=utf-8; method=REQUEST` (or `method=CANCEL`), the method matching the
   * `METHOD` inside the iCalendar text so mail clients offer to add, move or remove the event.
   */
  contentType: string;
  /** The file's content: text (sent as UTF-8) or bytes. */
  content: string | Uint8Array;
}

/** One email message. */
export interface NotificationMessage {
  /**
   * The message's stable id, such as `confirmation.b_123.0@leadbook.events`: sent as the
   * `Message-ID` header (without angle brackets here) and the key that makes a retried send
   * recognisable.
   */
  id: string;
  /** The sender, an address or `Name <address>`. */
  from: string;
  /** Where replies go, when not to the sender. */
  replyTo?: string;
  /** The recipients (at least one), addresses or `Name <address>`. */
  to: string[];
  /** The subject line. */
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The HTML body. */
  html: string;
  /** Attached files, such as the `.ics` invite. */
  attachments: NotificationAttachment[];
}

/** Per-call options. */
export interface NotifierSendOptions {
  /** Aborted when the caller stops waiting; a send whose signal is aborted rejects. */
  signal?: AbortSignal;
}

/** What the notifier reports about a message it handed over. */
export interface NotificationReceipt {
  /** The message's id, as sent in `Message-ID`. */
  messageId: string;
  /**
   * Recipients the server refused while it accepted the message for the others (empty when it
   * took them all). When it refuses every recipient, `send` rejects instead.
   */
  rejectedRecipients: string[];
}

/**
 * Sends messages. Failures are thrown as {@link NotifierError}; any other error counts as a
 * retryable one.
 */
export interface Notifier {
  /** The adapter's kind, such as `smtp` or `memory`, for logs and spans. */
  readonly kind: string;
  /** Hands one message over for delivery; resolves once the transport has accepted it. */
  send(message: NotificationMessage, options?: NotifierSendOptions): Promise<NotificationReceipt>;
}

const NOTIFIER_ERROR_BRAND = Symbol.for('leadbook.NotifierError');

/** What an adapter says about a failed send. */
export interface NotifierErrorOptions {
  /**
   * Whether trying again later may succeed: temporary SMTP failures (4xx), connection failures
   * and timeouts are; permanent ones (5xx, such as an unknown recipient) are not.
   */
  retryable: boolean;
  /** The SMTP response code, when the server gave one. */
  responseCode?: number;
  /** The underlying failure. */
  cause?: unknown;
}

/**
 * A failed send. Recognise one with {@link isNotifierError} (a brand, so it holds across copies
 * of `@leadbook/server`). Its message may reach the activity log, so it never carries credentials.
 */
export class NotifierError extends Error {
  override readonly name = 'NotifierError';
  /** Whether trying again later may succeed. */
  readonly retryable: boolean;
  /** The SMTP response code, if any. */
  readonly responseCode: number | undefined;

  /** A send failure with `message`. */
  constructor(message: string, options: NotifierErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.responseCode = options.responseCode;
  }
}
Object.defineProperty(NotifierError.prototype, NOTIFIER_ERROR_BRAND, { value: true });

/**
 * Whether `value` is a {@link NotifierError} from any copy of `@leadbook/server`.
 *
 * @example
 * ```ts
 * try {
 *   await notifier.send(message, { signal: AbortSignal.timeout(30_000) });
 * } catch (error) {
 *   if (isNotifierError(error) && !error.retryable) console.warn('permanent failure', error.message);
 * }
 * ```
 */
export function isNotifierError(value: unknown): value is NotifierError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[NOTIFIER_ERROR_BRAND] === true
  );
}
