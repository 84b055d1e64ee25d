import type { AddressInfo } from 'node:net';
import { createReceiver } from './receiver';
import { describeEvent } from './handlers';

const secret = process.env.LEADBOOK_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set LEADBOOK_WEBHOOK_SECRET to the whsec_ secret of your webhook subscription.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4000);

const app = createReceiver({
  secrets: () => secret,
  onEvent: (event, webhookId) =>
    console.log(JSON.stringify({ webhookId, type: event.type, what: describeEvent(event) })),
  onRefused: (reason) => console.warn(JSON.stringify({ refused: reason })),
});
const server = app.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address() as AddressInfo;
  console.log(`Leadbook webhook receiver listening on http://127.0.0.1:${actual}/leadbook`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => server.close(() => process.exit(0)));
