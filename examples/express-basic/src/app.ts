import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import {
  createConnectService,
  createSqlJsStorage,
  systemClock,
  type Clock,
  type ConnectService,
} from '@leadbook/server';
import { seedStudio, studioForms, type SeededStudio } from '@leadbook/server/studio';
import { demoCaptchaVerifier, TURNSTILE_TEST_KEYS } from './demo-captcha';

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
}

/**
 * Builds the demo: a service on sql.js (in memory, or persisted to `dataFile`), seeded with the studio
 * of `@leadbook/server/studio` (new ids and tokens at every start, so a persisted file gets one more
 * studio each time), mounted in Express. It runs on `clock` (default: the system clock), and the
 * studio's dates are relative to it.
 */
export async function createDemoApp(options: { dataFile?: string; clock?: Clock } = {}): Promise<{
  app: Express;
  service: ConnectService;
  studio: SeededStudio;
}> {
  const storage = await createSqlJsStorage(options.dataFile ? { file: options.dataFile } : {});
  const clock = options.clock ?? systemClock;
  const service = await createConnectService({
    storage,
    clock,
    captcha: demoCaptchaVerifier(),
    logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
  });
  const studio = await seedStudio(service, { now: clock.now(), fresh: true });
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
    app.get('/form/demo.json', (_req, res) => void res.json({ formId: studio.ids.form }));
    app.use('/form', express.static(page));
  }
  return { app, service, studio };
}

/** The facts a client needs to talk to the demo. */
export function demoInfo(baseUrl: string, { ids, tokens }: SeededStudio): DemoInfo {
  return {
    baseUrl,
    organizationId: ids.organization,
    tokens: { read: tokens.read, write: tokens.write, admin: tokens.admin },
    formId: ids.form,
    ingressWebhookId: ids.ingressWebhook,
    ingressToken: tokens.ingress,
  };
}
