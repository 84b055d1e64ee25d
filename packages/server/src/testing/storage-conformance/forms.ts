/**
 * Conformance tests of public forms, submissions, webhook deliveries and subscriptions, ingress
 * webhooks and telemetry.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { FormSchema, WebhookSubscriptionSchema } from '@leadbook/contract';
import type {
  FormRecord,
  FormSubmissionRecord,
  IngressWebhookRecord,
  TelemetryRecord,
  WebhookDeliveryRecord,
  WebhookSubscriptionRecord,
} from '../../ports/records';
import type { ConformanceHarness } from './harness';
import * as make from './fixtures';
import { inTx } from './harness';
import { scopedSuite } from './scoped';

const any = { parse: (value: unknown) => value };

const form = (organizationId: string, overrides: Partial<FormRecord> = {}): FormRecord => ({
  id: make.id(),
  organizationId,
  name: 'Trial sign-up',
  published: true,
  tableId: make.id(),
  webhookOnly: false,
  webhookUrl: 'https://hooks.example.com/leadbook',
  webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
  allowedDomains: ['https://www.example.com'],
  captcha: { provider: 'turnstile', siteKey: 'site', secret: 'secret' },
  studios: [{ id: 'main', name: 'Main', calendarIds: [make.id()] }],
  fields: [{ id: make.id(), type: 'email', label: 'Email', required: true }],
  defaultCountry: 'DE',
  createdAt: make.later(),
  updatedAt: make.later(),
  ...overrides,
});

const submission = (
  organizationId: string,
  overrides: Partial<FormSubmissionRecord> = {},
): FormSubmissionRecord => ({
  id: make.id(),
  organizationId,
  formId: make.id(),
  studioId: 'main',
  data: { email: 'ada@example.com' },
  entryId: make.id(),
  bookingId: null,
  createdAt: make.later(),
  ...overrides,
});

const delivery = (
  organizationId: string,
  overrides: Partial<WebhookDeliveryRecord> = {},
): WebhookDeliveryRecord => ({
  id: make.id(),
  organizationId,
  formId: make.id(),
  submissionId: make.id(),
  subscriptionId: null,
  eventId: null,
  url: 'https://hooks.example.com/leadbook',
  payload: { type: 'form.submitted' },
  status: 'pending',
  attempts: [],
  nextAttemptAt: make.ms(5),
  createdAt: make.later(),
  updatedAt: make.later(),
  ...overrides,
});

/** A subscription's delivery of an event (no form, no submission). */
const eventDelivery = (organizationId: string, subscriptionId: string): WebhookDeliveryRecord =>
  delivery(organizationId, { formId: null, submissionId: null, subscriptionId, eventId: make.id() });

const subscription = (
  organizationId: string,
  overrides: Partial<WebhookSubscriptionRecord> = {},
): WebhookSubscriptionRecord => ({
  id: make.id(),
  organizationId,
  url: 'https://hooks.example.com/events',
  eventTypes: ['calendar.appointment.booked', 'table.entry.added'],
  description: 'CRM sync',
  active: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  secret: `whsec_${randomBytes(24).toString('base64')}`,
  previousSecrets: [],
  createdAt: make.later(),
  updatedAt: make.later(),
  ...overrides,
});

const ingress = (
  organizationId: string,
  overrides: Partial<IngressWebhookRecord> = {},
): IngressWebhookRecord => ({
  id: make.id(),
  organizationId,
  tableId: make.id(),
  name: 'Website',
  digest: randomBytes(32).toString('hex'),
  createdAt: make.later(),
  rotatedAt: null,
  ...overrides,
});

const telemetry = (organizationId: string, formId: string, name: string): TelemetryRecord => ({
  id: make.id(),
  organizationId,
  formId,
  event: { name },
  receivedAt: make.later(),
});

/** Registers the form, submission, delivery, ingress and telemetry tests. */
export function registerFormTests(harness: ConformanceHarness): void {
  scopedSuite(harness, {
    name: 'forms',
    repo: (tx) => tx.forms,
    build: form,
    schema: FormSchema,
    change: (r) => ({ ...r, published: false, allowedDomains: [] }),
  });
  scopedSuite(harness, {
    name: 'formSubmissions',
    repo: (tx) => tx.formSubmissions,
    build: submission,
    schema: any,
    change: (r) => ({ ...r, bookingId: make.id() }),
    filters: ['formId'],
  });
  scopedSuite(harness, {
    name: 'webhookDeliveries',
    repo: (tx) => tx.webhookDeliveries,
    build: delivery,
    schema: any,
    change: (r) => ({
      ...r,
      status: 'succeeded' as const,
      attempts: [{ at: make.later(), status: 200, error: null }],
      nextAttemptAt: null,
    }),
    filters: ['formId', 'submissionId', 'subscriptionId'],
  });
  scopedSuite(harness, {
    name: 'webhookSubscriptions',
    repo: (tx) => tx.webhookSubscriptions,
    build: subscription,
    schema: WebhookSubscriptionSchema.omit({ previousSecretExpiresAt: true }),
    change: (r) => ({
      ...r,
      active: false,
      disabledReason: 'failing' as const,
      disabledAt: make.later(),
      previousSecrets: [{ secret: r.secret, expiresAt: make.later() }],
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    }),
  });
  scopedSuite(harness, {
    name: 'ingressWebhooks',
    repo: (tx) => tx.ingressWebhooks,
    build: ingress,
    schema: any,
    change: (r) => ({ ...r, digest: randomBytes(32).toString('hex'), rotatedAt: make.later() }),
    filters: ['tableId'],
  });

  harness.group('publicly addressed records', (test) => {
    test('find looks forms and ingress webhooks up by id alone, null when unknown', async (storage) => {
      const f = form(make.orgId());
      const w = ingress(make.orgId());
      await inTx(storage, async (tx) => {
        await tx.forms.create(f);
        await tx.ingressWebhooks.create(w);
      });
      expect(await inTx(storage, (tx) => tx.forms.find(f.id))).toEqual(f);
      expect(await inTx(storage, (tx) => tx.ingressWebhooks.find(w.id))).toEqual(w);
      expect(await inTx(storage, (tx) => tx.forms.find(w.id))).toBeNull();
      expect(await inTx(storage, (tx) => tx.ingressWebhooks.find(make.id()))).toBeNull();
    });
  });

  harness.group('webhook delivery sweep', (test) => {
    test('listPending returns pending deliveries of every organization, oldest first, with a limit', async (storage) => {
      const first = delivery(make.orgId());
      const done = delivery(make.orgId(), { status: 'succeeded', nextAttemptAt: null });
      const second = delivery(make.orgId());
      const third = delivery(first.organizationId);
      await inTx(storage, async (tx) => {
        for (const record of [first, done, second, third]) await tx.webhookDeliveries.create(record);
      });
      expect(await inTx(storage, (tx) => tx.webhookDeliveries.listPending(10))).toEqual([
        first,
        second,
        third,
      ]);
      expect(await inTx(storage, (tx) => tx.webhookDeliveries.listPending(2))).toEqual([first, second]);
      await inTx(storage, (tx) =>
        tx.webhookDeliveries.update({ ...first, status: 'failed', nextAttemptAt: null }),
      );
      expect(await inTx(storage, (tx) => tx.webhookDeliveries.listPending(10))).toEqual([second, third]);
    });

    test('listRecentBySubscription returns a subscription’s deliveries newest first, with a limit', async (storage) => {
      const org = make.orgId();
      const [mine, other] = [make.id(), make.id()];
      const records = [eventDelivery(org, mine), eventDelivery(org, other), eventDelivery(org, mine)];
      const foreign = eventDelivery(make.orgId(), mine);
      const third = eventDelivery(org, mine);
      await inTx(storage, async (tx) => {
        for (const record of [...records, foreign, third]) await tx.webhookDeliveries.create(record);
      });
      const recent = (limit: number) =>
        inTx(storage, (tx) => tx.webhookDeliveries.listRecentBySubscription(org, mine, limit));
      expect(await recent(10)).toEqual([third, records[2], records[0]]);
      expect(await recent(2)).toEqual([third, records[2]]);
      // An update keeps a delivery's place: the log is ordered by creation.
      const changed = { ...records[0]!, status: 'failed' as const, nextAttemptAt: null };
      await inTx(storage, (tx) => tx.webhookDeliveries.update(changed));
      expect(await recent(10)).toEqual([third, records[2], changed]);
      expect(
        await inTx(storage, (tx) => tx.webhookDeliveries.listRecentBySubscription(org, make.id(), 10)),
      ).toEqual([]);
    });
  });

  harness.group('telemetry', (test) => {
    test('list returns a form’s events newest first, with a limit', async (storage) => {
      const org = make.orgId();
      const formId = make.id();
      const events = ['a', 'b', 'c'].map((name) => telemetry(org, formId, name));
      await inTx(storage, async (tx) => {
        await tx.telemetry.append(events);
        await tx.telemetry.append([
          telemetry(org, make.id(), 'other form'),
          telemetry(make.orgId(), formId, 'other org'),
        ]);
      });
      expect(await inTx(storage, (tx) => tx.telemetry.list(org, formId))).toEqual([...events].reverse());
      expect(
        (await inTx(storage, (tx) => tx.telemetry.list(org, formId, { limit: 1 }))).map((r) => r.event.name),
      ).toEqual(['c']);
    });

    test('trim keeps the newest events of one form only', async (storage) => {
      const org = make.orgId();
      const formId = make.id();
      const other = telemetry(org, make.id(), 'keep me');
      await inTx(storage, async (tx) => {
        await tx.telemetry.append(['1', '2', '3', '4'].map((name) => telemetry(org, formId, name)));
        await tx.telemetry.append([other]);
      });
      expect(await inTx(storage, (tx) => tx.telemetry.trim(org, formId, 2))).toBe(2);
      expect((await inTx(storage, (tx) => tx.telemetry.list(org, formId))).map((r) => r.event.name)).toEqual([
        '4',
        '3',
      ]);
      expect(await inTx(storage, (tx) => tx.telemetry.list(org, other.formId))).toEqual([other]);
    });
  });
}
