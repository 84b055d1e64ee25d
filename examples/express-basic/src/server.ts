import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_SERVER_OPTIONS } from '@leadbook/server';
import { createDemoApp, demoInfo } from './app';

const port = Number(process.env.PORT ?? 3000);
// Loopback by default: the demo prints its tokens, passes a test captcha and, with a webhook
// receiver, delivers to private addresses, so it serves this machine only unless HOST says more
// (HOST=0.0.0.0 in a container or a VM whose port is forwarded).
const host = process.env.HOST || '127.0.0.1';
const webhookUrl = process.env.LEADBOOK_WEBHOOK_URL;
const webhookSecret = process.env.LEADBOOK_WEBHOOK_SECRET;
const { app, service, studio, webhookSubscription } = await createDemoApp({
  ...(process.env.LEADBOOK_DATA_FILE ? { dataFile: process.env.LEADBOOK_DATA_FILE } : {}),
  ...(webhookUrl
    ? { webhook: { url: webhookUrl, ...(webhookSecret ? { secret: webhookSecret } : {}) } }
    : {}),
});
// Slow clients: headers within 10 s, the whole request within 30 s, checked every second; idle
// keep-alive connections kept 65 s, longer than clients and load balancers reuse them (see
// HTTP_SERVER_OPTIONS and the mounting guide).
const requestTimeout = Number(process.env.REQUEST_TIMEOUT_MS ?? HTTP_SERVER_OPTIONS.requestTimeout);
const headersTimeout = Math.min(
  Number(process.env.HEADERS_TIMEOUT_MS ?? HTTP_SERVER_OPTIONS.headersTimeout),
  requestTimeout,
);
const server = createServer({ ...HTTP_SERVER_OPTIONS, requestTimeout, headersTimeout }, app);
server.listen(port, host, () => {
  const { address, port: actual } = server.address() as AddressInfo;
  const info = demoInfo(`http://${urlHost(address)}:${actual}`, studio, webhookSubscription);
  console.log(`Leadbook demo server listening on ${info.baseUrl}`);
  console.log(`Organization: ${info.organizationId}`);
  console.log(`Tokens (demo only, regenerated at every start):`);
  for (const [scope, token] of Object.entries(info.tokens)) console.log(`  ${scope.padEnd(5)} ${token}`);
  console.log(`Public form: ${info.baseUrl}/public/forms/${info.formId}/config`);
  console.log(
    `Booking page: ${info.baseUrl}/form/ (after npm run build -w @leadbook/example-public-form-page)`,
  );
  console.log(`Ingress webhook: POST ${info.baseUrl}/public/ingress_webhooks/${info.ingressWebhookId}`);
  console.log(`  x-service-ingress-token: ${info.ingressToken}`);
  // The body wraps the lead's fields in "data"; a 400's `details` says so too.
  const sample = JSON.stringify({ data: { firstName: 'Grace', email: 'grace@example.com' } });
  console.log(
    `  curl -X POST -H 'content-type: application/json' -H 'x-service-ingress-token: ${info.ingressToken}' \\\n` +
      `    -d '${sample}' ${info.baseUrl}/public/ingress_webhooks/${info.ingressWebhookId}`,
  );
  console.log(`Try: curl -H "Authorization: Bearer ${info.tokens.read}" ${info.baseUrl}/connect/calendar/`);
  if (webhookSubscription) {
    console.log(`Webhook subscription ${webhookSubscription.id}: every event to ${webhookSubscription.url}`);
    if (!webhookSecret) console.log(`  secret (shown once): ${webhookSubscription.secret}`);
  }
  if (process.env.LEADBOOK_DEMO_OUT)
    writeFileSync(process.env.LEADBOOK_DEMO_OUT, `${JSON.stringify(info, null, 2)}\n`);
});

/** The host of the printed base URL: the bound address, or `localhost` when it is every interface. */
function urlHost(address: string): string {
  if (address === '0.0.0.0' || address === '::') return 'localhost';
  return address.includes(':') ? `[${address}]` : address;
}

// A graceful shutdown, in this order: stop accepting connections (Node also closes the idle
// keep-alive ones); close the service (new requests answer 503 with Connection: close, those in
// flight finish, storage closes); end the connections still open; exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void service.close({ drainMs: 10_000 }).then(() => {
      server.closeAllConnections();
      process.exit(0);
    });
  });
}
