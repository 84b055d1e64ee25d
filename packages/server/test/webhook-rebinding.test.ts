/**
 * DNS rebinding against a form's webhook: the host name resolves to a public address when the URL
 * guard checks it and to loopback when the delivery connects. The default fetch connects only to
 * addresses it checked itself, so the local receiver is never reached.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateWebhookSecret, type HostLookup } from '../src/domain/webhooks';
import {
  T0,
  createContext,
  getDelivery,
  seedForm,
  startReceiver,
  submit,
  untilAttempts,
} from './webhook-delivery-harness';

describe('a webhook host that rebinds to loopback between the check and the connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is refused at connect time: the attempt fails for good and the receiver sees nothing', async () => {
    const secret = generateWebhookSecret();
    const receiver = await startReceiver(secret, () => 200);
    let lookups = 0;
    // Public for the guard's check, loopback (where the receiver listens) for every lookup after it.
    const lookup: HostLookup = async () => (lookups++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    const { ctx, close } = await createContext({ allowPrivateUrls: false, lookup });
    try {
      const form = await seedForm(ctx, `http://rebind.test:${receiver.port}/hook`, secret);
      const { delivery } = await submit(ctx, form);
      await vi.advanceTimersByTimeAsync(0);
      await untilAttempts(ctx, delivery, 1);
      expect(await getDelivery(ctx, delivery)).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        attempts: [
          {
            status: null,
            error:
              'URL refused: the webhook URL points to a non-public address: rebind.test (127.0.0.1) is loopback; private targets are not allowed (set webhooks.allowPrivateUrls on the service to allow them)',
          },
        ],
      });
      expect(lookups).toBe(2);
      expect(receiver.requests).toEqual([]);
    } finally {
      await close();
      await receiver.close();
    }
  });
});
