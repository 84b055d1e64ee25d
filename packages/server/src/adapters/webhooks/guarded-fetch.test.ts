import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_REFUSED_CODE,
  checkWebhookUrl,
  WEBHOOK_URL_WORDING as wording,
  type HostLookup,
} from '../../domain/webhooks';
import { createGuardedFetch } from './guarded-fetch';

const PUBLIC = '93.184.216.34';

/** A resolver answering `answers` in turn (the last one from then on), counting its calls. */
function resolver(...answers: string[][]) {
  let calls = 0;
  const lookup: HostLookup = async () => answers[Math.min(calls++, answers.length - 1)]!;
  return { lookup, calls: () => calls };
}

const causeCode = async (request: Promise<Response>) => {
  const error = await request.then(
    () => null,
    (rejected: unknown) => rejected as { cause?: { code?: string; message?: string } },
  );
  return error?.cause;
};

describe('the guarded fetch of outgoing webhooks', () => {
  let server: Server;
  let hits = 0;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to the address its resolver gives (the control: a name can reach the local server)', async () => {
    const dns = resolver(['127.0.0.1']);
    const before = hits;
    const response = await createGuardedFetch({ wording, allowPrivate: true, lookup: dns.lookup })(
      `http://hook.test:${port}/hook`,
      { method: 'POST', body: '{}' },
    );
    expect(response.status).toBe(204);
    expect(hits - before).toBe(1);
    expect(dns.calls()).toBe(1);
  });

  it('DNS rebinding: a name checked as public that resolves to loopback at connect time is refused', async () => {
    const dns = resolver([PUBLIC], ['127.0.0.1']);
    const url = `http://rebind.test:${port}/hook`;
    // The URL guard's own lookup sees the public address and passes the URL...
    expect(await checkWebhookUrl(url, { wording, allowPrivate: false, lookup: dns.lookup })).toEqual({
      ok: true,
    });
    const before = hits;
    // ...and the connection's lookup, which answers loopback now, is refused before any byte is sent.
    const cause = await causeCode(
      createGuardedFetch({ wording, allowPrivate: false, lookup: dns.lookup })(url),
    );
    expect(cause?.code).toBe(ADDRESS_REFUSED_CODE);
    expect(cause?.message).toBe(
      'the webhook URL points to a non-public address: rebind.test (127.0.0.1) is loopback; private targets are not allowed (set webhooks.allowPrivateUrls on the service to allow them)',
    );
    expect(hits).toBe(before);
    expect(dns.calls()).toBe(2);
  });

  it('refuses a name with any non-public address among public ones', async () => {
    const dns = resolver([PUBLIC, '10.0.0.7']);
    const cause = await causeCode(
      createGuardedFetch({ wording, allowPrivate: false, lookup: dns.lookup })(`http://mixed.test:${port}/`),
    );
    expect(cause?.code).toBe(ADDRESS_REFUSED_CODE);
    expect(cause?.message).toContain('10.0.0.7');
  });

  it.each(['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]'])(
    'refuses the IP literal %s without a lookup',
    async (host) => {
      const dns = resolver([PUBLIC]);
      const before = hits;
      const cause = await causeCode(
        createGuardedFetch({ wording, allowPrivate: false, lookup: dns.lookup })(
          `http://${host}:${port}/hook`,
        ),
      );
      expect(cause?.code).toBe(ADDRESS_REFUSED_CODE);
      expect(hits).toBe(before);
      expect(dns.calls()).toBe(0);
    },
  );

  it('a name that resolves to nothing fails like a DNS failure', async () => {
    const cause = await causeCode(
      createGuardedFetch({ wording, allowPrivate: false, lookup: async () => [] })('http://none.test/'),
    );
    expect(cause?.code).toBe('ENOTFOUND');
  });
});
