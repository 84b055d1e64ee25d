import { readFileSync } from 'node:fs';
import { ConnectClient, isApiError } from '@leadbook/sdk';
import { runIntegrationFlow } from './flow';

/**
 * Where to connect: `LEADBOOK_BASE_URL` and `LEADBOOK_API_TOKEN` (a `write` token), or the JSON file
 * that `LEADBOOK_DEMO_OUT=... npm start` of examples/express-basic writes.
 */
function settings(): { baseUrl: string; apiToken: string } {
  const {
    LEADBOOK_BASE_URL: baseUrl,
    LEADBOOK_API_TOKEN: apiToken,
    LEADBOOK_DEMO_OUT: demoFile,
  } = process.env;
  if (baseUrl && apiToken) return { baseUrl, apiToken };
  if (demoFile) {
    const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as { baseUrl: string; tokens: { write: string } };
    return { baseUrl: demo.baseUrl, apiToken: demo.tokens.write };
  }
  console.error(
    'Set LEADBOOK_BASE_URL and LEADBOOK_API_TOKEN, or LEADBOOK_DEMO_OUT to the file written by\n' +
      '`LEADBOOK_DEMO_OUT=/tmp/demo.json npm start` (examples/express-basic).',
  );
  process.exit(2);
}

const client = new ConnectClient({
  ...settings(),
  onResponse: ({ method, url, status, elapsedMs }) =>
    console.log(`   ${method} ${new URL(url).pathname} -> ${status} (${elapsedMs} ms)`),
});

try {
  const result = await runIntegrationFlow(client, { log: (line) => console.log(line) });
  console.log(`Done: lead ${result.lead.id} booked for ${result.booking.startDateTime}.`);
} catch (error) {
  if (isApiError(error))
    console.error(`${error.name} ${error.status}: ${error.message} (${error.requestId})`);
  else console.error(error);
  process.exitCode = 1;
}
