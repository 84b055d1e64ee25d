/**
 * The packed package as users get it: `npm pack` of the widget and the SDK, unpacked into a new
 * project's `node_modules`, then used (1) from a plain HTML file through a script tag on the
 * package's `dist/leadbook-booking.js` (a CDN-style path), and (2) from a React app built with Vite.
 * Each mounts the widget, books, and receives `leadbook:booked`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { CHROMIUM, hasChromium, launchChromium, openPage, OUTPUT, startWorld, type World } from './harness';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
// `npm pack` packs what was built: the packages must be built (npm test builds every workspace first).
const built = [
  'packages/booking-widget/dist/leadbook-booking.js',
  'packages/sdk/dist/public-form/index.js',
].every((file) => existsSync(join(root, file)));
if (!built)
  console.warn('booking-widget packed-package tests skipped: the packages are not built (npm run build)');
if (!hasChromium) console.warn(`booking-widget packed-package tests skipped: ${CHROMIUM} is missing`);

const FRIDAY_NINE = '2030-03-29T08:00:00.000Z';

/** Books Friday 09:00 (Berlin) in the widget on `page`. */
async function book(page: Page, name: string) {
  await page.locator('[data-day="2030-03-29"]').click();
  await page.locator(`[data-start="${FRIDAY_NINE}"]`).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('packed@example.com');
  await page.getByLabel('Privacy policy').check();
  await page.getByRole('button', { name: 'Book now' }).click();
}

const REACT_APP = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@leadbook/booking-widget';

const params = new URLSearchParams(location.search);

function App() {
  const [booked, setBooked] = useState(null);
  return (
    <main>
      <h1>Book with React</h1>
      {booked && <p role="status">React heard the booking {booked.submissionId} at {booked.startDateTime}</p>}
      <leadbook-booking
        form={params.get('form')}
        api={params.get('api')}
        date="2030-03-29"
        calendars={{ [params.get('berlin')]: { name: 'Berlin (React)' } }}
        {...{ 'onleadbook:booked': (event) => setBooked(event.detail) }}
      />
    </main>
  );
}

createRoot(document.getElementById('root')).render(<App />);
`;

describe.skipIf(!hasChromium || !built)('the packed package', () => {
  let world: World;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    // Inside the repository, so the app's other packages (react, ky) resolve from its node_modules
    // while the widget and the SDK resolve to the unpacked tarballs beside the app.
    mkdirSync(OUTPUT, { recursive: true });
    dir = mkdtempSync(join(OUTPUT, 'packed-'));
    for (const [workspace, name] of [
      ['@leadbook/sdk', 'sdk'],
      ['@leadbook/booking-widget', 'booking-widget'],
    ] as const) {
      const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir, '-w', workspace], {
        cwd: root,
      });
      const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
      const into = join(dir, 'node_modules/@leadbook', name);
      mkdirSync(into, { recursive: true });
      await run('tar', ['-xzf', join(dir, filename), '-C', into, '--strip-components=1']);
    }
    world = await startWorld();
    world.serve('/project/', dir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('works from a plain HTML file with a script tag', async () => {
    const url = world.html(
      '/plain.html',
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
      <script type="module" src="/project/node_modules/@leadbook/booking-widget/dist/leadbook-booking.js"></script>
      </head><body><main>
      <leadbook-booking form="${STUDIO_IDS.form}" api="${world.api}" date="2030-03-29"></leadbook-booking>
      <p id="heard"></p>
      <script>
        document.addEventListener('leadbook:booked', (e) => {
          document.getElementById('heard').textContent = 'heard ' + e.detail.startDateTime;
        });
      </script></main></body></html>`,
    );
    const page = await openPage(browser);
    await page.goto(url);
    await book(page, 'Plain Page');
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    await page.getByText(`heard ${FRIDAY_NINE}`).waitFor();
    expect(world.booked.at(-1)).toMatchObject({ startDateTime: FRIDAY_NINE });
    await page.context().close();
  });

  it('works in a React app built with Vite', async () => {
    const app = join(dir, 'react-app');
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React</title></head>' +
        '<body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    );
    writeFileSync(join(app, 'src/main.jsx'), REACT_APP);
    const { build } = await import('vite');
    await build({
      root: app,
      base: '/react/',
      logLevel: 'warn',
      configFile: false,
      build: { outDir: 'dist' },
    });
    world.serve('/react/', join(app, 'dist'));

    const page = await openPage(browser);
    const query = new URLSearchParams({
      form: STUDIO_IDS.form,
      api: world.api,
      berlin: STUDIO_IDS.calendarBerlin,
    });
    await page.goto(`${world.origin}/react/index.html?${query}`);
    // React set `calendars` as a property: the picker shows the host's name over the service's.
    await page.getByRole('option', { name: 'Berlin (React)' }).waitFor({ state: 'attached' });
    // Friday 09:00 was booked by the plain page: book 10:00 instead.
    await page.locator('[data-day="2030-03-29"]').click();
    await page.locator('[data-start="2030-03-29T09:00:00.000Z"]').click();
    await page.getByLabel('Name').fill('React App');
    await page.getByLabel('Email').fill('react@example.com');
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Book now' }).click();
    await page
      .getByRole('status')
      .getByText(/^React heard the booking [0-9a-f-]{36} at 2030-03-29T09:00:00.000Z$/)
      .waitFor();
    expect(world.booked.at(-1)).toMatchObject({ startDateTime: '2030-03-29T09:00:00.000Z' });
    await page.context().close();
  });
});
