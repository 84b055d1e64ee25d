import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { createHarness } from './harness';
import { NOW } from '../../../test-support/time';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { FORMS, goodSubmission } from './studio';

describe('submit to webhook, end to end', { timeout: 60_000 }, () => {
  it('delivers a signed form.submission.created that the standardwebhooks package verifies', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leadbook`;
    const h = await createHarness('fetch', {
      rateLimit: { enabled: false },
      captcha: { verify: async () => true },
      webhooks: { allowPrivateUrls: true },
    });
    const form = await h.service.admin.forms.create(ID.organization, { ...FORMS.guarded, webhookUrl: url });
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(),
      headers: { origin: 'https://www.example.com' },
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 20_000 });
    const [delivery] = received;
    // The receiver checks the signed timestamp against its own clock: here it shares the service's
    // test clock (standardwebhooks reads Date).
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const verified = (() => {
      try {
        return new Webhook(form.webhookSecret).verify(
          delivery!.body,
          delivery!.headers as Record<string, string>,
        );
      } finally {
        vi.useRealTimers();
      }
    })() as {
      type: string;
      data: { submissionId: string; entry: { id: string } | null; booking: { id: string } | null };
    };
    expect(verified.type).toBe('form.submission.created');
    expect(verified.data.submissionId).toBe(res.json.submissionId);
    expect(verified.data.entry?.id).toEqual(expect.any(String));
    expect(verified.data.booking?.id).toEqual(expect.any(String));
    await vi.waitFor(
      async () => {
        const [stored] = await h.service.admin.forms.deliveries(ID.organization, ID.formGuarded);
        expect(stored).toMatchObject({
          id: delivery!.headers['webhook-id'],
          status: 'succeeded',
          attempts: [{ status: 204 }],
        });
      },
      { timeout: 20_000 },
    );
    await h.close();
    // close() waited for attempts in flight: one submission, one delivery, one request.
    expect(received).toHaveLength(1);
    await new Promise((resolve) => receiver.close(resolve));
  });
});
