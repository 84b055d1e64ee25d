/**
 * The console API of webhook subscriptions: what it stores, what it shows (never a secret after
 * creation), its bounds and its errors. Delivery is in `webhook-subscription-delivery.test.ts`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnectService, ServiceError, type ConnectService } from '@leadbook/server';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { NOW, testClock } from '../../../test-support/time';
import type { ManualClock } from '../src/core/manual-clock';
import { testStudio } from './studio';

const URL_A = 'https://hooks.example.com/leadbook';
const ORG = ID.organization;

describe('webhook subscriptions in the console API', () => {
  let service: ConnectService;
  let clock: ManualClock;
  let logs: Array<{ level: string; message: string; meta?: Record<string, unknown> }>;
  beforeEach(async () => {
    clock = testClock();
    logs = [];
    const log = (level: string) => (message: string, meta?: Record<string, unknown>) =>
      void logs.push({ level, message, ...(meta ? { meta } : {}) });
    service = await createConnectService({
      clock,
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    });
    await service.admin.seed(testStudio());
  });
  afterEach(() => service.close());

  const api = () => service.admin.webhookSubscriptions;

  it('creates a subscription, shows its whsec_ secret once, and never again', async () => {
    const created = await api().create(ORG, {
      url: URL_A,
      eventTypes: ['calendar.appointment.booked'],
      description: 'CRM',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const view = {
      id: created.id,
      organizationId: ORG,
      url: URL_A,
      eventTypes: ['calendar.appointment.booked'],
      description: 'CRM',
      active: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: new Date(NOW).toISOString(),
      updatedAt: new Date(NOW).toISOString(),
    };
    expect(created).toEqual({ ...view, secret: created.secret });
    expect(await api().get(ORG, created.id)).toEqual(view);
    expect(await api().list(ORG)).toEqual([view]);
    const shown = JSON.stringify([
      await api().get(ORG, created.id),
      await api().list(ORG),
      await api().update(ORG, created.id, { description: 'CRM sync' }),
    ]);
    expect(shown).not.toContain(created.secret.slice(6));
    expect(JSON.stringify(logs)).not.toContain(created.secret.slice(6));
    expect(JSON.stringify(logs)).not.toContain('/leadbook');
  });

  it('keeps subscriptions per organization: another organization neither sees nor changes them', async () => {
    const created = await api().create(ORG, { url: URL_A, eventTypes: ['*'] });
    const other = ID.otherOrganization;
    await expect(api().get(other, created.id)).rejects.toMatchObject({
      status: 404,
      message: `Webhook subscription ${created.id} not found`,
    });
    expect(await api().list(other)).toEqual([]);
    await expect(api().update(other, created.id, { active: false })).rejects.toThrow('not found');
    await expect(api().delete(other, created.id)).rejects.toThrow('not found');
    await expect(api().rotateSecret(other, created.id)).rejects.toThrow('not found');
    await expect(api().ping(other, created.id)).rejects.toThrow('not found');
    await expect(api().deliveries(other, created.id)).rejects.toThrow('not found');
    expect((await api().get(ORG, created.id)).active).toBe(true);
  });

  it.each([
    [
      { url: 'ftp://hooks.example.com/x', eventTypes: ['*'] },
      'url: the webhook URL must use http or https, not ftp',
    ],
    [{ url: 'https://u:p@hooks.example.com/x', eventTypes: ['*'] }, 'credentials'],
    [{ url: 'http://169.254.169.254/latest', eventTypes: ['*'] }, '169.254.169.254 is linkLocal'],
    [{ url: 'http://localhost:4000/hook', eventTypes: ['*'] }, 'is loopback'],
    [{ url: URL_A, eventTypes: [] }, 'eventTypes: Name at least one event type'],
    [{ url: URL_A, eventTypes: ['lead.created'] }, 'eventTypes.0'],
    [{ url: URL_A, eventTypes: ['*', 'table.entry.added'] }, '"*" stands alone'],
    [{ url: URL_A, eventTypes: ['*'], secret: 'whsec_short' }, 'secret: Must be whsec_'],
    [{ url: URL_A, eventTypes: ['*'], colour: 'red' }, "Unrecognized key(s) in object: 'colour'"],
  ])('refuses a bad subscription with a 400 naming the field: %j', async (input, message) => {
    const attempt = api().create(ORG, input as never);
    await expect(attempt).rejects.toBeInstanceOf(ServiceError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
    await expect(attempt).rejects.toThrow(message);
    expect(await api().list(ORG)).toEqual([]);
  });

  it('refuses an unknown organization (404) and a 21st subscription (400)', async () => {
    await expect(api().create('nobody', { url: URL_A, eventTypes: ['*'] })).rejects.toMatchObject({
      status: 404,
    });
    for (let i = 0; i < 20; i++) await api().create(ORG, { url: `${URL_A}/${i}`, eventTypes: ['*'] });
    await expect(api().create(ORG, { url: URL_A, eventTypes: ['*'] })).rejects.toThrow(
      'An organization has at most 20 webhook subscriptions',
    );
  });

  it('updates fields, disables by hand and re-enables, and refuses a bad patch', async () => {
    const { id } = await api().create(ORG, { url: URL_A, eventTypes: ['*'] });
    clock.advance(60_000);
    const off = await api().update(ORG, id, { active: false, eventTypes: ['table.entry.added'] });
    expect(off).toMatchObject({
      active: false,
      disabledReason: null,
      disabledAt: new Date(NOW + 60_000).toISOString(),
      eventTypes: ['table.entry.added'],
      updatedAt: new Date(NOW + 60_000).toISOString(),
    });
    const on = await api().update(ORG, id, { active: true });
    expect(on).toMatchObject({ active: true, disabledReason: null, disabledAt: null, failingSince: null });
    await expect(api().update(ORG, id, { url: 'http://10.0.0.1/x' })).rejects.toThrow('10.0.0.1 is private');
    await expect(api().update(ORG, id, { secret: 'x' } as never)).rejects.toThrow('Unrecognized key');
    expect((await api().get(ORG, id)).url).toBe(URL_A);
  });

  it('rotates the secret: the new one is shown once, the old one is kept for the grace period', async () => {
    const created = await api().create(ORG, { url: URL_A, eventTypes: ['*'] });
    const rotated = await api().rotateSecret(ORG, created.id, { gracePeriodMs: 3_600_000 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(NOW + 3_600_000).toISOString());
    expect((await api().get(ORG, created.id)).previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    expect(JSON.stringify(await api().list(ORG))).not.toContain(rotated.secret.slice(6));
    clock.advance(3_600_000);
    expect((await api().get(ORG, created.id)).previousSecretExpiresAt).toBeNull();
    const now = await api().rotateSecret(ORG, created.id, { gracePeriodMs: 0 });
    expect(now.previousSecretExpiresAt).toBeNull();
    await expect(api().rotateSecret(ORG, created.id, { gracePeriodMs: 8 * 86_400_000 })).rejects.toThrow(
      'gracePeriodMs',
    );
  });

  it('deletes a subscription (404 after), and bounds the delivery log', async () => {
    const { id } = await api().create(ORG, { url: URL_A, eventTypes: ['*'] });
    expect(await api().deliveries(ORG, id)).toEqual([]);
    await expect(api().deliveries(ORG, id, { limit: 101 })).rejects.toThrow(
      'limit must be an integer from 1 to 100',
    );
    await expect(api().deliveries(ORG, id, { limit: 0 })).rejects.toMatchObject({ status: 400 });
    await api().delete(ORG, id);
    await expect(api().get(ORG, id)).rejects.toMatchObject({ status: 404 });
    await expect(api().delete(ORG, id)).rejects.toMatchObject({ status: 404 });
    await expect(api().redeliver(ORG, id)).rejects.toMatchObject({ status: 404 });
  });

  it('get answers an unknown, foreign or deleted id with the 404 the other calls give', async () => {
    const { id: deleted } = await api().create(ORG, { url: URL_A, eventTypes: ['*'] });
    await api().delete(ORG, deleted);
    const { id: foreign } = await api().create(ID.otherOrganization, { url: URL_A, eventTypes: ['*'] });
    for (const id of [crypto.randomUUID(), foreign, deleted]) {
      const fromGet = await api()
        .get(ORG, id)
        .catch((error: unknown) => error);
      const fromUpdate = await api()
        .update(ORG, id, { description: 'x' })
        .catch((error: unknown) => error);
      expect(fromGet).toBeInstanceOf(ServiceError);
      expect(fromGet).toMatchObject({ status: 404, message: `Webhook subscription ${id} not found` });
      expect(fromGet).toEqual(fromUpdate);
    }
  });

  it('refuses to ping a disabled subscription', async () => {
    const { id } = await api().create(ORG, { url: URL_A, eventTypes: ['*'], active: false });
    expect((await api().get(ORG, id)).disabledAt).toBe(new Date(NOW).toISOString());
    await expect(api().ping(ORG, id)).rejects.toThrow('disabled; enable it before a ping');
  });
});
