import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../scripts/check-site.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shots = join(root, 'test-output/docs-site');
const run = promisify(execFile);

/** The guides' titles in the order docs/README.md lists them. */
function readmeOrder(): string[] {
  const readme = readFileSync(join(root, 'docs/README.md'), 'utf8');
  return [...readme.matchAll(/\]\(\.\/guides\/([\w-]+\.md)\)/g)].map(([, file]) => {
    const text = readFileSync(join(root, 'docs/guides', file!), 'utf8');
    return /^title: (.+)$/m.exec(text)![1]!;
  });
}

interface NavNode {
  text: string;
  path?: string;
  children?: NavNode[];
}

describe('the documentation site (npm run docs)', () => {
  const site = mkdtempSync(join(tmpdir(), 'leadbook-site-'));
  let build: { stdout: string; stderr: string };
  beforeAll(async () => {
    // The build the npm script runs: Redoc page, typedoc (warnings are errors), link check.
    build = await run('node', [join(root, 'scripts/build-docs-site.mjs'), site], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
  }, 300_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const page = (path: string) => readFileSync(join(site, path), 'utf8');
  const text = (path: string) => page(path).replace(/<[^>]+>/g, '');

  it('builds without a warning, and its link check finds no problem', () => {
    expect(`${build.stdout}${build.stderr}`).not.toMatch(/\[warning\]|\[error\]|warn/i);
    expect(build.stdout).toMatch(/links checked, 0 problems/);
  });

  it('opens on the landing page for users: what it is, install, the entry points, one title', () => {
    const landing = text('index.html');
    expect(landing).toContain('Leadbook is a lead-management and appointment-booking service');
    expect(landing).toContain('npm install @leadbook/sdk');
    for (const entry of ['ConnectClient', 'PublicFormClient', 'IngressClient', 'createConnectService()']) {
      expect(landing).toContain(entry);
    }
    // The project's name once as the page title, not "Leadbook / Leadbook".
    expect(page('index.html').match(/<h1[^>]*>/g)).toHaveLength(1);
  });

  it('lists the guides in the navigation in the order of docs/README.md, under Guides, first', () => {
    const encoded = /window\.navigationData = "([^"]+)"/.exec(page('assets/navigation.js'))![1]!;
    const nav = JSON.parse(inflateSync(Buffer.from(encoded, 'base64')).toString('utf8')) as NavNode[];
    expect(nav.map((node) => node.text)).toEqual(['Guides', 'Modules']);
    const guides = nav[0]!.children!;
    expect(guides.map((node) => node.text)).toEqual(readmeOrder());
    expect(readmeOrder()).toContain('Running on PostgreSQL');
    // Every guide is on the site, and the landing page lists them in the same order.
    expect(readdirSync(join(root, 'docs/guides')).filter((name) => name.endsWith('.md')).length).toBe(
      guides.length,
    );
    const landing = readFileSync(join(root, 'docs/site/index.md'), 'utf8');
    const listed = [...landing.matchAll(/^\d+\. \[[^\]]+\]\(\.\.\/guides\/([\w-]+\.md)\)/gm)].map(
      ([, f]) => f,
    );
    const readme = readFileSync(join(root, 'docs/README.md'), 'utf8');
    expect(listed).toEqual([...readme.matchAll(/\]\(\.\/guides\/([\w-]+\.md)\)/g)].map(([, f]) => f));
    for (const guide of guides) expect(existsSync(join(site, guide.path!))).toBe(true);
    // Modules are named as they are imported, not by their source files (`index`, `adapters/sql-kit`).
    const modules = nav[1]!
      .children!.flatMap((pkg) => pkg.children ?? [])
      .filter((group) => group.text === 'Modules');
    const names = modules.flatMap((group) => group.children!.map((module) => module.text));
    expect(names).toEqual(
      expect.arrayContaining(['@leadbook/server', '@leadbook/server/sql', '@leadbook/sdk/testing']),
    );
    expect(names.filter((name) => !name.startsWith('@leadbook/'))).toEqual([]);
  });

  it('links the HTTP API reference from the navigation of every page, and the reference links back', () => {
    const pages = [
      'index.html',
      'documents/Mounting_the_server.html',
      'modules/_leadbook_server._leadbook_server_sql.html',
    ];
    for (const path of pages) {
      const href = /id="site-reference-link"[^>]*><a href="([^"]+)"/.exec(page(path))?.[1];
      expect([path, href && resolve(dirname(join(site, path)), href)]).toEqual([
        path,
        join(site, 'media/http-api.html'),
      ]);
    }
    const back = /href="([^"]+)"[^>]*>&larr; Back to the documentation</.exec(
      page('media/http-api.html'),
    )?.[1];
    expect(back && resolve(join(site, 'media'), back)).toBe(join(site, 'index.html'));
  });

  it('shows request samples in the reference: curl and the SDK for every operation', () => {
    const reference = page('media/http-api.html');
    const openapi = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { 'x-codeSamples'?: unknown[] }>>;
    };
    const operations = Object.values(openapi.paths).flatMap((item) => Object.values(item));
    expect(operations.every((op) => op['x-codeSamples']?.length === 2)).toBe(true);
    // The document the page renders carries them.
    expect(reference).toContain('x-codeSamples');
    expect(reference).toContain('Authorization: Bearer $LEADBOOK_API_TOKEN');
  });

  it('hides the ts-context comments of the docs from readers', () => {
    const pages = ['index.html', ...readdirSync(join(site, 'documents')).map((f) => `documents/${f}`)];
    expect(pages.filter((path) => text(path).includes('ts-context'))).toEqual([]);
  });

  it('links the HTTP API reference, a static page rendered from docs/openapi.json', () => {
    const href = /href="([^"]+)"[^>]*>HTTP API reference</.exec(page('index.html'))?.[1];
    expect(href).toBe('media/http-api.html');
    const reference = page(href!);
    const openapi = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
    expect(reference).toContain(openapi.info.title);
    // Offline: its scripts are inlined, none is loaded from elsewhere.
    expect(reference).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('cites no document users do not have: no SPEC sections, no http://SPEC.md', () => {
    const pages = ['index.html', ...readdirSync(join(site, 'documents')).map((f) => `documents/${f}`)];
    for (const path of pages)
      expect([path, text(path).match(/\bSPEC\b(?!_)[ .]?[\d.]*/g)]).toEqual([path, null]);
  });

  it('the link check fails on a broken internal link and on http://SPEC.md', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'leadbook-site-broken-'));
    writeFileSync(
      join(broken, 'index.html'),
      '<a href="documents/missing.html">x</a> <a href="http://SPEC.md">SPEC.md</a> <a href="https://example.com/">y</a>',
    );
    const { problems } = await checkSite(broken);
    rmSync(broken, { recursive: true, force: true });
    expect(problems).toEqual([
      expect.stringMatching(/^broken link .*documents\/missing\.html/),
      'link to http://SPEC.md in index.html',
    ]);
  });

  // Debian's Chromium; without it the screenshots are not taken (the build and checks above still run).
  it.skipIf(!existsSync('/usr/bin/chromium'))(
    'renders in Chromium offline: landing, guides, API pages and the HTTP reference (screenshots)',
    async () => {
      const { chromium } = await import('playwright-core');
      mkdirSync(shots, { recursive: true });
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const errors: string[] = [];
        tab.on('pageerror', (error) => errors.push(error.message));
        // Offline: nothing may load from the network (a font, a logo, a script of a CDN).
        const remote: string[] = [];
        tab.on('request', (request) => {
          if (!/^(file|data|blob):/.test(request.url())) remote.push(request.url());
        });
        await tab.route(/^https?:/, (route) => route.abort());
        const shoot = async (name: string, path: string) => {
          await tab.goto(`file://${join(site, path)}`);
          await tab.waitForLoadState('load');
          await tab.screenshot({ path: join(shots, `${name}.png`) });
          expect(statSync(join(shots, `${name}.png`)).size).toBeGreaterThan(10_000);
        };
        await shoot('landing', 'index.html');
        // The content takes most of a 1280 px window, and the landing page's example fits in it.
        const width = async () => (await tab.locator('.col-content').boundingBox())?.width ?? 0;
        expect(await width()).toBeGreaterThan(0.7 * 1280);
        const overflowing = await tab.$$eval('.col-content pre', (blocks) =>
          blocks
            .filter((block) => block.scrollWidth > block.clientWidth)
            .map((block) => block.textContent?.slice(0, 40)),
        );
        expect(overflowing).toEqual([]);
        // The navigation lists the guides, which the reader opens from there.
        await tab.click('.site-menu summary:has-text("Guides")');
        await tab.click('.site-menu a:has-text("Running on PostgreSQL")');
        await expect.poll(() => tab.url()).toMatch(/Running_on_PostgreSQL\.html$/);
        await tab.screenshot({ path: join(shots, 'guide-postgresql.png') });
        await shoot('guide-mounting', 'documents/Mounting_the_server.html');
        expect(await width()).toBeGreaterThan(0.7 * 1280);
        // The navigation leads to the HTTP API reference, and its bar back to the documentation.
        await tab.click('#site-reference-link a');
        await expect.poll(() => tab.url()).toMatch(/media\/http-api\.html/);
        await tab.waitForLoadState('load');
        await tab.click('a:has-text("Back to the documentation")');
        await expect.poll(() => tab.url()).toMatch(/\/index\.html$/);
        await shoot('guide-ingress', 'documents/Ingress_webhooks.html');
        await shoot('sdk', 'modules/_leadbook_sdk.html');
        await shoot('landing-reference-link', 'index.html');
        await tab.click('a:has-text("HTTP API reference") >> nth=0');
        await tab.waitForLoadState('load');
        await tab.getByText('Ingress webhooks').first().click();
        await expect.poll(() => tab.url()).toMatch(/http-api\.html#\/ingress-webhooks$/);
        // The page scrolls to the section: its operation's heading comes into view.
        const heading = tab.getByRole('heading', { name: 'Push one lead into the bound pool' });
        const top = async () => (await heading.boundingBox())?.y ?? -1;
        // Redoc renders the page after it loaded, which took over a second in CI: poll for longer.
        const redoc = { timeout: 20_000 };
        await expect.poll(top, redoc).toBeGreaterThan(0);
        await expect.poll(top, redoc).toBeLessThan(900);
        await tab.screenshot({ path: join(shots, 'http-api.png') });
        // An operation shows its request samples: curl, and the SDK in the samples' menu.
        await tab.getByText('Connect', { exact: true }).first().click();
        await tab.getByText('Create a capacity-checked booking').first().click();
        await expect.poll(() => tab.url()).toMatch(/#\/connect\/createcalendarbooking$/);
        await expect
          .poll(() => tab.getByText('-H "Idempotency-Key: $(uuidgen)"').count(), redoc)
          .toBeGreaterThan(0);
        // Redoc scrolls and paints the operation after its URL changes: a screenshot taken at once was blank.
        const booking = tab.getByRole('heading', { name: 'Create a capacity-checked booking' });
        await expect.poll(async () => (await booking.boundingBox())?.y ?? -1, redoc).toBeGreaterThan(0);
        await expect.poll(async () => (await booking.boundingBox())?.y ?? 900, redoc).toBeLessThan(900);
        // On a loaded machine the first frames after the jump can still be blank (5 KB of white in CI):
        // take the picture again until it holds the operation.
        const samples = join(shots, 'http-api-samples.png');
        await expect
          .poll(async () => (await tab.screenshot({ path: samples })).length, { timeout: 30_000 })
          .toBeGreaterThan(10_000);
        expect(errors).toEqual([]);
        expect(remote).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
