/**
 * The packed package as users get it: `npm pack` of the widget and the SDK, unpacked into a new
 * project's `node_modules`, then used (1) from a plain HTML file through a script tag on the
 * package's `dist/leadbook-booking.js` (a CDN-style path), and (2) from a React app built with Vite.
 * Each mounts the widget, books, and receives `leadbook:booked`.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { CHROMIUM, hasChromium, launchChromium, openPage, startWorld, type World } from './harness';
import { buildApp, built, packedProject } from './packed-project';

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
    dir = await packedProject();
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
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>';
    world.serve('/react/', await buildApp(dir, 'react', { 'index.html': html, 'src/main.jsx': REACT_APP }));

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
