/**
 * The receiver: one POST route that verifies each delivery with `verifyWebhook` (over the raw body,
 * before parsing), acknowledges a retry of a delivery it already handled without handling it again
 * (deduplicating on `webhook-id`), and hands each new event to `onEvent`.
 */
import express, { type Express } from 'express';
import { isWebhookVerificationError, verifyWebhook, type ReceivedWebhookEvent } from '@leadbook/sdk';

/** Options of {@link createReceiver}. */
export interface ReceiverOptions {
  /** The subscription's secret(s), read at every request (a rotation adds the new one). */
  secrets: () => string | readonly string[];
  /** Handles a verified event (of a type added after this SDK version too), once per `webhook-id`. */
  onEvent: (event: ReceivedWebhookEvent, webhookId: string) => void | Promise<void>;
  /** Told about each refused request (a wrong secret, an old timestamp, not a Leadbook event). */
  onRefused?: (reason: string) => void;
  /** The route. Default `/leadbook`. */
  path?: string;
}

/** An Express app receiving Leadbook webhook deliveries. */
export function createReceiver(options: ReceiverOptions): Express {
  // Use your database in production: a restart must not forget what was handled.
  const handled = new Set<string>();
  const app = express();
  app.post(options.path ?? '/leadbook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    let event: ReceivedWebhookEvent;
    try {
      event = verifyWebhook(options.secrets(), req.headers, req.body as Buffer);
    } catch (error) {
      if (!isWebhookVerificationError(error)) throw error;
      options.onRefused?.(error.reason);
      res.status(400).json({ error: error.reason });
      return;
    }
    const webhookId = String(req.header('webhook-id'));
    // A retry of a delivery that was handled (its answer got lost): acknowledge, do not redo.
    if (handled.has(webhookId)) {
      res.status(204).end();
      return;
    }
    await options.onEvent(event, webhookId);
    handled.add(webhookId);
    // Any 2xx ends the retries; 410 would tell the service to disable the subscription.
    res.status(204).end();
  });
  return app;
}
