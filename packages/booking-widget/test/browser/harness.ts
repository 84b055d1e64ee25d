/**
 * The browser tests' world: a real in-memory service seeded with the studio, on an injected clock,
 * serving the API on one loopback port, and a host page on another (so every request is
 * cross-origin, as on a customer's site); the widget bundled from its sources; headless Chromium.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import express from 'express';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createConnectService, createManualClock, type ConnectService } from '@leadbook/server';
import { seedStudio, type SeededStudio } from '@leadbook/server/studio';
import type { CalendarBooking } from '@leadbook/contract/types';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/**
 * The service's clock: Thursday 28 March 2030, 00:00 UTC. Berlin changes to summer time on Sunday
 * 31 March, inside the form's 14 days.
 */
export const NOW = '2030-03-28T00:00:00.000Z';

/** The captcha secret of the studio's guarded form (`studioForms().guarded`). */
const GUARDED_CAPTCHA_SECRET = 'captcha-secret-xyz';

/** Where screenshots go (gitignored). */
export const OUTPUT = fileURLToPath(new URL('../../test-output/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The widget as a script tag gets it: bundled from the sources (the SDK's included). */
async function bundleWidget(): Promise<string> {
  const result = await build({
    entryPoints: [here('../../src/leadbook-booking.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    tsconfig: here('../../../../tsconfig.json'),
  });
  return result.outputFiles[0]!.text;
}

/** A running studio: the service, its API and host page, and the bookings it made. */
export interface World {
  service: ConnectService;
  studio: SeededStudio;
  clock: ReturnType<typeof createManualClock>;
  api: string;
  /** The host page's origin; `page(attrs)` is a URL of a page with the widget. */
  origin: string;
  /** The bookings made, as `calendar.appointment.booked` reported them. */
  booked: CalendarBooking[];
  /** A URL of a host page with `<leadbook-booking>` and these attributes (`api` set already). */
  page(attrs: Record<string, string>, options?: { dir?: string; script?: string }): string;
  /** Serves `html` at `path` of the host page's origin; returns its URL. */
  html(path: string, html: string): string;
  /** Serves the files of `dir` under `prefix` (e.g. `/app/`) of the host page's origin. */
  serve(prefix: string, dir: string): void;
  close(): Promise<void>;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** Starts the studio on the clock at {@link NOW}; `rateLimit` overrides the public limits. */
export async function startWorld(rateLimit?: Record<string, number>): Promise<World> {
  const clock = createManualClock(NOW);
  const service = await createConnectService({
    clock,
    rateLimit: { limits: rateLimit ?? { read: 10_000, submit: 1000, hold: 1000 } },
    // The guarded form's captcha, without a provider: the token `human` passes, any other fails.
    captcha: { verify: async ({ secret, token }) => secret === GUARDED_CAPTCHA_SECRET && token === 'human' },
    logger: { debug() {}, info() {}, warn() {}, error: console.error },
  });
  const studio = await seedStudio(service, { now: clock.now() });
  const booked: CalendarBooking[] = [];
  service.events.on('calendar.appointment.booked', (event) => void booked.push(event.payload.booking));
  // Behind a proxy on loopback, as in production: each page says who it is with X-Forwarded-For, so
  // two pages are two visitors (the service keys holds and rate limits by client IP).
  const apiServer = createServer(express().set('trust proxy', 'loopback').use(service.express()));
  const api = await listen(apiServer);
  const widget = await bundleWidget();
  const pages = new Map<string, string>();
  const folders = new Map<string, string>();
  const pageServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/widget.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(widget);
    const html = pages.get(path);
    if (html) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    for (const [prefix, dir] of folders) {
      const file = join(dir, normalize(path.slice(prefix.length)).replace(/^(\.\.[/\\])+/, ''));
      if (!path.startsWith(prefix) || !existsSync(file) || !statSync(file).isFile()) continue;
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      return res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    }
    res.writeHead(404).end();
  });
  const origin = await listen(pageServer);
  return {
    service,
    studio,
    clock,
    api,
    origin,
    booked,
    html(path, html) {
      pages.set(path, html);
      return origin + path;
    },
    serve(prefix, dir) {
      folders.set(prefix, dir);
    },
    page(attrs, options = {}) {
      const attributes = Object.entries({ api, ...attrs })
        .map(([name, value]) => `${name}="${value}"`)
        .join(' ');
      const path = `/page-${pages.size}`;
      pages.set(
        path,
        `<!doctype html><html lang="${attrs['locale'] ?? 'en'}" dir="${options.dir ?? 'ltr'}"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Book</title>` +
          `<script type="module" src="/widget.js"></script>${options.script ?? ''}</head>` +
          `<body style="margin:0;background:Canvas"><main><h1 style="font:600 1.5rem system-ui;margin:1rem">Leadbook Studio</h1>` +
          `<leadbook-booking ${attributes}></leadbook-booking></main></body></html>`,
      );
      return origin + path;
    },
    async close() {
      await Promise.all([apiServer, pageServer].map((s) => new Promise((resolve) => s.close(resolve))));
      await service.close();
    },
  };
}

let visitors = 0;

/** Launches headless Chromium. */
/**
 * Starts a {@link World} and Chromium before the tests of the describe block it is called in and
 * closes both after them; the returned object holds them once started.
 */
export function useWorld(): { world: World; browser: Browser } {
  const setup = {} as { world: World; browser: Browser };
  beforeAll(async () => {
    setup.world = await startWorld();
    setup.browser = await launchChromium();
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.world?.close();
  });
  return setup;
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
}

/**
 * A new page in `zone` whose clock reads the service's (`Date` fixed at {@link NOW}, timers
 * running, unless `clock: 'installed'`), so "today" and "held until" agree with the service.
 */
export async function openPage(
  browser: Browser,
  options: {
    zone?: string;
    locale?: string;
    width?: number;
    dark?: boolean;
    clock?: 'fixed' | 'installed';
    /** The visitor's IP address, as the proxy passes it on. Default: a new one per page. */
    ip?: string;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: options.zone ?? 'Europe/Berlin',
    locale: options.locale ?? 'en-GB',
    viewport: { width: options.width ?? 1024, height: 900 },
    colorScheme: options.dark ? 'dark' : 'light',
    extraHTTPHeaders: { 'x-forwarded-for': options.ip ?? `198.51.100.${++visitors}` },
  });
  const page = await context.newPage();
  // `installed`: timers wait for `page.clock.runFor` too, for a test that lets minutes pass.
  if (options.clock === 'installed') await page.clock.install({ time: new Date(NOW) });
  else await page.clock.setFixedTime(new Date(NOW));
  return page;
}

/** Runs axe-core over the whole page (the widget's shadow root included): the violations found. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(c: Document): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  return violations;
}

/** Saves a screenshot of the page under {@link OUTPUT}. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: `${OUTPUT}${name}.png`, fullPage: true });
}

/**
 * A host page script that records the widget's events for {@link events}. The calendars' names and
 * zones come from the service (`GET /public/forms/:id/calendars`); the host sets none.
 */
export const RECORD_EVENTS = `<script type="module">
  window.widgetEvents = [];
  for (const type of ['leadbook:step', 'leadbook:booked', 'leadbook:error'])
    document.addEventListener(type, (event) => window.widgetEvents.push({ type, detail: event.detail }));
</script>`;

/** The events the widget dispatched so far (`detail` as JSON). */
export const events = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { widgetEvents: Array<{ type: string; detail: Record<string, unknown> }> }
    ).widgetEvents.map((e) => ({
      type: e.type,
      detail: JSON.parse(JSON.stringify(e.detail)) as Record<string, unknown>,
    })),
  );
