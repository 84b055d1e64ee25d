import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import {
  createConnectService,
  createInMemoryMeetingProvider,
  createInMemoryNotifier,
  createSqlJsStorage,
  systemClock,
  type Clock,
  type ConnectService,
} from '@leadbook/server';
import { seedStudio, studioForms, type SeededStudio } from '@leadbook/server/studio';
import { demoCaptchaVerifier, TURNSTILE_TEST_KEYS } from './demo-captcha';

/** A webhook subscription the demo creates at start: every event of the studio goes to `url`. */
export interface DemoWebhook {
  /** The receiver's URL (a local one is fine: the demo allows private addresses). */
  url: string;
  /** The receiver's `whsec_` secret; generated (and printed) when absent. */
  secret?: string;
}

/** What the demo prints and writes to `LEADBOOK_DEMO_OUT`. */
export interface DemoInfo {
  baseUrl: string;
  organizationId: string;
  tokens: { read: string; write: string; admin: string };
  /** The published demo form (booking-calendar and consent fields). */
  formId: string;
  /** The demo ingress webhook and its token (shown once, at start). */
  ingressWebhookId: string;
  ingressToken: string;
  /** The webhook subscription of `LEADBOOK_WEBHOOK_URL`, if any, with its secret. */
  webhookSubscription?: { id: string; url: string; secret: string };
}

/**
 * Builds the demo: a service on sql.js (in memory, or persisted to `dataFile`), seeded with the studio
 * of `@leadbook/server/studio` (new ids and tokens at every start, so a persisted file gets one more
 * studio each time), mounted in Express. It runs on `clock` (default: the system clock), and the
 * studio's dates are relative to it. With `webhook`, every event of the studio is delivered to that
 * URL (the receiver of `examples/webhook-receiver`, say), starting with a ping.
 */
export async function createDemoApp(
  options: { dataFile?: string; clock?: Clock; webhook?: DemoWebhook } = {},
): Promise<{
  app: Express;
  service: ConnectService;
  studio: SeededStudio;
  webhookSubscription?: { id: string; url: string; secret: string };
}> {
  const storage = await createSqlJsStorage(options.dataFile ? { file: options.dataFile } : {});
  const clock = options.clock ?? systemClock;
  const service = await createConnectService({
    storage,
    clock,
    captcha: demoCaptchaVerifier(),
    // A demo's receiver runs on this machine: let deliveries reach loopback (never in production).
    webhooks: { allowPrivateUrls: options.webhook !== undefined },
    // Fake video meetings: trial sessions get `https://meet.invalid/...` links, which go nowhere.
    // A real deployment passes `createZoomMeetingProvider()` of `@leadbook/meetings-zoom`.
    meetings: { providers: [createInMemoryMeetingProvider()] },
    // Booking emails are printed, not sent: one line per message saying where it would have gone.
    // A real deployment passes `createSmtpNotifier()` of `@leadbook/notify-smtp`.
    notifications: { notifier: createInMemoryNotifier({ logTo: (line) => console.log(line) }) },
    logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
  });
  const studio = await seedStudio(service, { now: clock.now(), fresh: true });
  await service.admin.appointmentTypes.setMeetings(studio.ids.organization, studio.ids.appointmentTypeTrial, {
    provider: 'zoom',
    hosts: {
      [studio.ids.resourceCoach]: 'coach@example.invalid',
      [studio.ids.resourceRoom]: 'front-desk@example.invalid',
    },
  });
  // Trial sessions send a confirmation, updates, a cancellation and reminders a day and an hour before.
  await service.admin.appointmentTypes.setNotifications(
    studio.ids.organization,
    studio.ids.appointmentTypeTrial,
    {
      from: { email: 'bookings@studio.example', name: 'Leadbook demo studio' },
      reminderMinutesBefore: [24 * 60, 60],
    },
  );
  // The booking page's form asks for Turnstile's test captcha, which the demo's verifier passes offline.
  const { siteKey, secret } = TURNSTILE_TEST_KEYS;
  await service.admin.forms.update(studio.ids.organization, studio.ids.form, {
    ...studioForms(studio.ids).trial,
    captcha: { provider: 'turnstile', siteKey, secret },
  });
  const app = express();
  // Behind a reverse proxy, tell Express which hops to trust so client IPs (rate limits) are right.
  app.set('trust proxy', process.env.TRUST_PROXY === 'true' ? 1 : false);
  app.get('/', (_req, res) => void res.json({ service: 'leadbook-demo', openapi: '/connect/openapi.json' }));
  app.use(service.express());
  // The static booking page of examples/public-form-page, when it has been built.
  const page = fileURLToPath(new URL('../../public-form-page/dist/', import.meta.url));
  if (existsSync(page)) {
    // The page's form id (the widget reads the calendars' names and zones from the service).
    app.get('/form/demo.json', (_req, res) => void res.json({ formId: studio.ids.form }));
    app.use('/form', express.static(page));
  }
  if (!options.webhook) return { app, service, studio };
  const { url, secret: fixed } = options.webhook;
  const created = await service.admin.webhookSubscriptions.create(studio.ids.organization, {
    url,
    eventTypes: ['*'],
    description: 'demo receiver',
    ...(fixed ? { secret: fixed } : {}),
  });
  await service.admin.webhookSubscriptions.ping(studio.ids.organization, created.id);
  return { app, service, studio, webhookSubscription: { id: created.id, url, secret: created.secret } };
}

/** The facts a client needs to talk to the demo. */
export function demoInfo(
  baseUrl: string,
  { ids, tokens }: SeededStudio,
  webhookSubscription?: DemoInfo['webhookSubscription'],
): DemoInfo {
  return {
    ...(webhookSubscription ? { webhookSubscription } : {}),
    baseUrl,
    organizationId: ids.organization,
    tokens: { read: tokens.read, write: tokens.write, admin: tokens.admin },
    formId: ids.form,
    ingressWebhookId: ids.ingressWebhook,
    ingressToken: tokens.ingress,
  };
}
