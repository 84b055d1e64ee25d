/**
 * The webhook receiver: a local HTTP server that verifies each delivery's signature with the SDK's
 * `verifyWebhook` (against both subscriptions' secrets) and deduplicates on `webhook-id`.
 *
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@leadbook/sdk';
import type { ReceivedDelivery } from './checks';

/** A listening receiver. */
export interface Receiver {
  /** The URL the subscriptions post to. */
  readonly url: string;
  /** Sets the secrets to verify with (known once the subscriptions exist). */
  useSecrets(secrets: string[]): void;
  /** The verified deliveries, one per `webhook-id`. */
  deliveries(): ReceivedDelivery[];
  /** Deliveries refused by verification. */
  readonly refused: number;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port. */
export async function startReceiver(): Promise<Receiver> {
  let secrets: string[] = [];
  let refused = 0;
  const byWebhookId = new Map<string, ReceivedDelivery>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const event = verifyWebhook(secrets, req.headers, Buffer.concat(chunks));
        const webhookId = String(req.headers['webhook-id']);
        const seen = byWebhookId.get(webhookId);
        if (seen) seen.count++;
        else {
          const eventId = String((event.data as { id?: unknown }).id);
          byWebhookId.set(webhookId, { webhookId, eventId, type: String(event.type), count: 1 });
        }
        res.writeHead(204).end();
      } catch {
        refused++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/soak`,
    useSecrets: (next) => void (secrets = next),
    deliveries: () => [...byWebhookId.values()],
    get refused() {
      return refused;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
