/**
 * The in-memory notifier: keeps every message it is given, for tests and the demo.
 *
 * @module
 */
import {
  NotifierError,
  type NotificationMessage,
  type NotificationReceipt,
  type Notifier,
  type NotifierSendOptions,
} from '../../ports/notifier';

/** Options of {@link createInMemoryNotifier}. */
export interface InMemoryNotifierOptions {
  /**
   * Called with one line per message saying where it would have gone (recipients and subject),
   * such as `console.log` in the demo. Bodies are never printed.
   */
  logTo?: (line: string) => void;
}

/** A notifier that records messages instead of sending them. */
export interface InMemoryNotifier extends Notifier {
  /** The messages sent so far, oldest first. */
  readonly messages: readonly NotificationMessage[];
  /** Makes the next send reject with `error` (once per call), to test failure handling. */
  fail(error: NotifierError): void;
  /** Forgets the recorded messages and scripted failures. */
  clear(): void;
}

/**
 * Creates an in-memory notifier.
 *
 * @example
 * ```ts
 * const notifier = createInMemoryNotifier({ logTo: console.log });
 * await notifier.send(message);
 * notifier.messages.length; // 1
 * ```
 */
export function createInMemoryNotifier(options: InMemoryNotifierOptions = {}): InMemoryNotifier {
  const messages: NotificationMessage[] = [];
  const failures: NotifierError[] = [];
  return {
    kind: 'memory',
    messages,
    fail: (error) => void failures.push(error),
    clear: () => {
      messages.length = 0;
      failures.length = 0;
    },
    async send(message: NotificationMessage, call: NotifierSendOptions = {}): Promise<NotificationReceipt> {
      if (call.signal?.aborted) {
        throw new NotifierError('the send was aborted', { retryable: true, cause: call.signal.reason });
      }
      const failure = failures.shift();
      if (failure) throw failure;
      messages.push(message);
      options.logTo?.(`[notifier] would send "${message.subject}" to ${message.to.join(', ')}`);
      return { messageId: message.id, rejectedRecipients: [] };
    },
  };
}
