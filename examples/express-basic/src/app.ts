import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import {
  createConnectService,
  createSqlJsStorage,
  systemClock,
  type Clock,
  type ConnectService,
  type SeedResult,
} from '@leadbook/server';
import { demoCaptchaVerifier } from './demo-captcha';
import { addDemoFormAndIngress, demoFixture } from './demo-fixture';

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

/** Ids the demo creates beyond the fixture. */
export interface DemoExtras {
  formId: string;
  ingressWebhookId: string;
  ingressToken: string;
}

/**
 * Builds the demo: a service on sql.js (in memory, or persisted to `dataFile`), seeded, mounted in
 * Express. It runs on `clock` (default: the system clock), and the fixture's dates are relative to it.
 */
export async function createDemoApp(options: { dataFile?: string; clock?: Clock } = {}): Promise<{
  app: Express;
  service: ConnectService;
  seeded: SeedResult;
  extras: DemoExtras;
}> {
  const storage = await createSqlJsStorage(options.dataFile ? { file: options.dataFile } : {});
  const clock = options.clock ?? systemClock;
  const service = await createConnectService({
    storage,
    clock,
    captcha: demoCaptchaVerifier(),
    logger: { debug() {}, info() {}, warn: console.warn, error: console.error },
  });
  const seeded = await service.admin.seed(demoFixture(clock.now()));
  const extras = await addDemoFormAndIngress(service, seeded);
  const app = express();
  // Behind a reverse proxy, tell Express which hops to trust so client IPs (rate limits) are right.
  app.set('trust proxy', process.env.TRUST_PROXY === 'true' ? 1 : false);
  app.get('/', (_req, res) => void res.json({ service: 'leadbook-demo', openapi: '/connect/openapi.json' }));
  app.use(service.express());
  // The static booking page of examples/public-form-page, when it has been built.
  const page = fileURLToPath(new URL('../../public-form-page/dist/', import.meta.url));
  if (existsSync(page)) {
    app.get('/form/demo.json', (_req, res) => void res.json({ formId: extras.formId }));
    app.use('/form', express.static(page));
  }
  return { app, service, seeded, extras };
}

/** The facts a client needs to talk to the demo. */
export function demoInfo(baseUrl: string, seeded: SeedResult, extras: DemoExtras): DemoInfo {
  const org = seeded.organizations[0]!;
  return {
    baseUrl,
    organizationId: org.id,
    tokens: { read: org.tokens.read!.token, write: org.tokens.write!.token, admin: org.tokens.admin!.token },
    ...extras,
  };
}
