import { describe, expect, it } from 'vitest';
import { NotifierError, type NotificationMessage } from '../../ports/notifier';
import { createInMemoryNotifier } from './in-memory';

const message: NotificationMessage = {
  id: 'm1@leadbook.events',
  from: 'studio@example.com',
  to: ['ada@example.com'],
  subject: 'Confirmed',
  text: 'secret body',
  html: '<p>secret body</p>',
  attachments: [],
};

describe('in-memory notifier', () => {
  it('records messages and logs where they would have gone, without the body', async () => {
    const lines: string[] = [];
    const notifier = createInMemoryNotifier({ logTo: (line) => lines.push(line) });
    await expect(notifier.send(message)).resolves.toEqual({
      messageId: 'm1@leadbook.events',
      rejectedRecipients: [],
    });
    expect(notifier.messages).toEqual([message]);
    expect(lines).toEqual(['[notifier] would send "Confirmed" to ada@example.com']);
  });

  it('fails a scripted send once, and refuses an aborted one', async () => {
    const notifier = createInMemoryNotifier();
    notifier.fail(new NotifierError('mailbox busy', { retryable: true, responseCode: 451 }));
    await expect(notifier.send(message)).rejects.toMatchObject({ retryable: true, responseCode: 451 });
    await expect(notifier.send(message, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      NotifierError,
    );
    await notifier.send(message);
    expect(notifier.messages).toHaveLength(1);
  });
});
