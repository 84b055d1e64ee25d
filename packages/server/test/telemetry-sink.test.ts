/**
 * A telemetry batch is answered 204 only once the sink took it: a failing sink is a 500 in the
 * public form envelope, never a 204 for a batch that was then lost.
 */
import { ErrorMessages } from '@leadbook/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelemetryBatch } from '@leadbook/server';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { FORMS } from './studio';

describe.each(ADAPTERS)('the telemetry sink through %s', (kind) => {
  let h: Harness | undefined;
  afterEach(() => h?.close());

  const send = () =>
    h!.call('POST', `/public/forms/${ID.formNewsletter}/telemetry`, {
      body: { events: [{ name: 'view', step: 1 }] },
    });

  it('answers 204 after the sink resolved with the batch', async () => {
    const batches: TelemetryBatch[] = [];
    h = await createHarness(kind, {
      rateLimit: { enabled: false },
      telemetrySink: async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        batches.push(batch);
      },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.newsletter);
    expect((await send()).status).toBe(204);
    expect(batches.map((batch) => batch.events)).toEqual([[{ name: 'view', step: 1 }]]);
  });

  it('answers 500 in the public envelope when the sink throws', async () => {
    h = await createHarness(kind, {
      rateLimit: { enabled: false },
      telemetrySink: () => {
        throw new Error('the analytics store is down');
      },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.newsletter);
    const res = await send();
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ statusCode: 500, message: ErrorMessages.internalError });
  });
});
