/**
 * What a real server sees of the SDK: `User-Agent` and `X-Leadbook-SDK` name the SDK (the version of
 * its package.json) and the runtime, and a retried request carries its retry number. The browser
 * side (no custom header on the public form GETs) runs in Chromium: examples/public-form-page.
 */
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectClient, IngressClient, PublicFormClient, SDK_VERSION } from '@leadbook/sdk';
import { createConnectService, type ConnectService } from '@leadbook/server';
import { seedStudio, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { NOW, testClock } from '../../../test-support/time';
import packageJson from '../package.json';

const agent = `leadbook-sdk/${packageJson.version} node/${process.versions.node}`;

describe('identification headers, as a real server receives them', () => {
  let service: ConnectService;
  let server: Server;
  let baseUrl: string;
  const seen: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];
  let failNext = 0;

  beforeAll(async () => {
    service = await createConnectService({ clock: testClock(), rateLimit: { enabled: false } });
    await seedStudio(service, { now: NOW });
    const app = express();
    app.use((req, res, next) => {
      seen.push({ method: req.method, path: req.path, headers: req.headers });
      if (failNext > 0) {
        failNext -= 1;
        // Retry at once: the delay the SDK waits is not what this test is about.
        res.status(503).set('retry-after-ms', '0').json({ statusCode: 503, message: 'try again' });
      } else next();
    });
    app.use(service.express());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    seen.length = 0;
    failNext = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });

  const connect = (headers?: Record<string, string>) =>
    new ConnectClient({ baseUrl, apiToken: TOKEN.read, ...(headers ? { headers } : {}) });

  it('names the SDK, its package.json version and the runtime in User-Agent and X-Leadbook-SDK', async () => {
    expect(SDK_VERSION).toBe(packageJson.version);
    await connect().calendars.list();
    await new PublicFormClient({ baseUrl, formId: ID.form }).config();
    await new IngressClient({ baseUrl, webhookId: ID.ingressWebhook, token: TOKEN.ingress }).push({
      data: {},
    });
    expect(seen).toHaveLength(3);
    for (const { headers } of seen) {
      expect(headers['user-agent']).toBe(agent);
      expect(headers['x-leadbook-sdk']).toBe(agent);
      expect(headers['x-leadbook-retry-count']).toBeUndefined();
    }
  });

  it('counts the retries of a request: 1, then 2', async () => {
    failNext = 2;
    await expect(connect().calendars.list()).resolves.toHaveLength(2);
    expect(seen.map(({ headers }) => headers['x-leadbook-retry-count'])).toEqual([undefined, '1', '2']);
    expect(seen.map(({ headers }) => headers['user-agent'])).toEqual([agent, agent, agent]);
  });

  it('leaves a User-Agent the caller set, and still sends X-Leadbook-SDK', async () => {
    await connect({ 'user-agent': 'crm-sync/3.1' }).calendars.list();
    expect(seen[0]!.headers['user-agent']).toBe('crm-sync/3.1');
    expect(seen[0]!.headers['x-leadbook-sdk']).toBe(agent);
  });

  it("allows the SDK's headers in a public form preflight, for the browser's JSON POSTs", async () => {
    const response = await fetch(`${baseUrl}/public/forms/${ID.form}/submit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://studio.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-leadbook-sdk,x-leadbook-retry-count',
      },
    });
    expect(response.status).toBe(204);
    const allowed = response.headers
      .get('access-control-allow-headers')!
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-leadbook-sdk', 'x-leadbook-retry-count']));
  });
});
