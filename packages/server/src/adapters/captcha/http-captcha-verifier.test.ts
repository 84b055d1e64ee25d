import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from '@leadbook/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaUnavailableError } from '../../ports/captcha';
import { createHttpCaptchaVerifier } from './http-captcha-verifier';

/** One request the fake provider received. */
interface Received {
  method: string | undefined;
  path: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

type Answer = (res: ServerResponse) => void;

const json =
  (body: unknown, status = 200): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

/** A loopback captcha provider: records each request and answers with the current `answer`. */
function fakeProvider() {
  const received: Received[] = [];
  let answer: Answer = json({ success: true });
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        path: req.url,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      answer(res);
    });
  });
  return {
    received,
    answer: (next: Answer) => (answer = next),
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        );
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers after `ms`, unless the client gives up first. */
const slow =
  (ms: number, sendHeadersFirst = false): Answer =>
  (res) => {
    if (sendHeadersFirst) res.writeHead(200, { 'content-type': 'application/json' }).write('{"succ');
    const timer = setTimeout(() => res.end(sendHeadersFirst ? 'ess":true}' : '{"success":true}'), ms);
    res.on('close', () => clearTimeout(timer));
  };

const provider = fakeProvider();
let base = '';
beforeAll(async () => {
  base = await provider.listen();
});
afterAll(() => provider.close());
afterEach(() => {
  provider.received.length = 0;
  provider.answer(json({ success: true }));
});

const verifierFor = (timeoutMs = 2000) =>
  createHttpCaptchaVerifier({
    timeoutMs,
    verifyUrls: {
      turnstile: `${base}/turnstile`,
      hcaptcha: `${base}/hcaptcha`,
      recaptcha: `${base}/recaptcha`,
    },
  });

describe.each(CAPTCHA_PROVIDERS)('createHttpCaptchaVerifier with %s', (name: CaptchaProvider) => {
  const check = { provider: name, secret: 's3cret', token: 'tok&en=1', remoteIp: '203.0.113.7' };

  it('posts secret, token and client IP form-encoded to the verify URL', async () => {
    await expect(verifierFor().verify(check)).resolves.toBe(true);
    expect(provider.received).toEqual([
      {
        method: 'POST',
        path: `/${name}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { secret: 's3cret', response: 'tok&en=1', remoteip: '203.0.113.7' },
      },
    ]);
  });

  it('leaves remoteip out when the client IP is unknown', async () => {
    await verifierFor().verify({ ...check, remoteIp: undefined });
    expect(provider.received[0]?.form).toEqual({ secret: 's3cret', response: 'tok&en=1' });
  });

  it('resolves false when the provider rejects the token', async () => {
    provider.answer(json({ success: false, 'error-codes': ['invalid-input-response'] }));
    await expect(verifierFor().verify(check)).resolves.toBe(false);
  });

  it.each<[string, Answer]>([
    ['HTTP 500', json({ success: true }, 500)],
    [
      'a body that is not JSON',
      (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops'),
    ],
    ['JSON without success', json({ ok: true })],
    ['a success that is not a boolean', json({ success: 'true' })],
    ['JSON null', json(null)],
  ])('fails closed on %s', async (_case, answer) => {
    provider.answer(answer);
    await expect(verifierFor().verify(check)).rejects.toBeInstanceOf(CaptchaUnavailableError);
  });

  it('fails closed when the provider is slower than the timeout', async () => {
    provider.answer(slow(1000));
    const started = Date.now();
    await expect(verifierFor(200).verify(check)).rejects.toBeInstanceOf(CaptchaUnavailableError);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('fails closed when the body stalls after the headers', async () => {
    provider.answer(slow(1000, true));
    await expect(verifierFor(200).verify(check)).rejects.toBeInstanceOf(CaptchaUnavailableError);
  });
});

describe('createHttpCaptchaVerifier without a provider', () => {
  it('fails closed when the connection is refused', async () => {
    const closed = fakeProvider();
    const url = await closed.listen();
    await closed.close();
    const verifier = createHttpCaptchaVerifier({ verifyUrls: { turnstile: url }, timeoutMs: 2000 });
    const failure = verifier.verify({ provider: 'turnstile', secret: 's', token: 't' });
    await expect(failure).rejects.toBeInstanceOf(CaptchaUnavailableError);
    await expect(failure).rejects.toMatchObject({ cause: expect.any(Error) });
  });
});
