/**
 * The packed package in a Vue app and a Svelte app, each built with Vite in a new project (see
 * `packed-project.ts`): the element mounts from the framework's template, takes `calendars` as a
 * property, books, and the app hears `leadbook:booked` through the framework's own event binding.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { hasChromium, launchChromium, openPage, startWorld, type World } from './harness';
import { buildApp, built, packedProject } from './packed-project';

const INDEX = (title: string, entry: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><div id="app"></div><script type="module" src="${entry}"></script></body></html>`;

// Vue: `isCustomElement` tells the compiler the tag is not a component (see vite.config below).
const VUE_APP = `<script setup>
import { ref } from 'vue';
import '@leadbook/booking-widget';

const params = new URLSearchParams(location.search);
const calendars = { [params.get('berlin')]: { name: 'Berlin (Vue)' } };
const booked = ref(null);
</script>

<template>
  <main>
    <leadbook-booking
      :form="params.get('form')"
      :api="params.get('api')"
      date="2030-03-29"
      :calendars="calendars"
      @leadbook:booked="booked = $event.detail"
    />
    <p role="status">{{ booked ? \`Vue heard the booking \${booked.submissionId} at \${booked.startDateTime}\` : '' }}</p>
  </main>
</template>
`;

const SVELTE_APP = `<script>
  import '@leadbook/booking-widget';

  const params = new URLSearchParams(location.search);
  const calendars = { [params.get('berlin')]: { name: 'Berlin (Svelte)' } };
  let booked = null;
</script>

<main>
  <leadbook-booking
    form={params.get('form')}
    api={params.get('api')}
    date="2030-03-29"
    {calendars}
    on:leadbook:booked={(event) => (booked = event.detail)}
  ></leadbook-booking>
  <p role="status">{booked ? \`Svelte heard the booking \${booked.submissionId} at \${booked.startDateTime}\` : ''}</p>
</main>
`;

/** Books `start` (an ISO instant on Friday 29 March) in the app on `page`, with `name`. */
async function bookFriday(page: Page, start: string, name: string) {
  await page.locator('[data-day="2030-03-29"]').click();
  await page.locator(`[data-start="${start}"]`).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('framework@example.com');
  await page.getByLabel('Privacy policy').check();
  await page.getByRole('button', { name: 'Book now' }).click();
}

describe.skipIf(!hasChromium || !built)('the packed package in Vue and Svelte apps', () => {
  let world: World;
  let browser: Browser;
  let dir: string;
  let query: URLSearchParams;

  beforeAll(async () => {
    dir = await packedProject();
    world = await startWorld();
    query = new URLSearchParams({ form: STUDIO_IDS.form, api: world.api, berlin: STUDIO_IDS.calendarBerlin });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('works in a Vue app built with Vite', async () => {
    const { default: vue } = await import('@vitejs/plugin-vue');
    const plugin = vue({
      template: { compilerOptions: { isCustomElement: (tag) => tag === 'leadbook-booking' } },
    });
    const files = {
      'index.html': INDEX('Vue', '/src/main.js'),
      'src/main.js':
        "import { createApp } from 'vue';\nimport App from './App.vue';\ncreateApp(App).mount('#app');\n",
      'src/App.vue': VUE_APP,
    };
    world.serve('/vue/', await buildApp(dir, 'vue', files, [plugin]));
    const page = await openPage(browser);
    await page.goto(`${world.origin}/vue/index.html?${query}`);
    // Vue set `calendars` as a property: the picker shows the app's name for the calendar.
    await page.getByRole('option', { name: 'Berlin (Vue)' }).waitFor({ state: 'attached' });
    await bookFriday(page, '2030-03-29T08:00:00.000Z', 'Vue App');
    await page
      .getByRole('status')
      .getByText(/^Vue heard the booking [0-9a-f-]{36} at 2030-03-29T08:00:00.000Z$/)
      .waitFor();
    expect(world.booked.at(-1)).toMatchObject({ startDateTime: '2030-03-29T08:00:00.000Z' });
    await page.context().close();
  });

  it('works in a Svelte app built with Vite', async () => {
    const { svelte } = await import('@sveltejs/vite-plugin-svelte');
    const files = {
      'index.html': INDEX('Svelte', '/src/main.js'),
      'src/main.js':
        "import { mount } from 'svelte';\nimport App from './App.svelte';\nmount(App, { target: document.getElementById('app') });\n",
      'src/App.svelte': SVELTE_APP,
    };
    world.serve('/svelte/', await buildApp(dir, 'svelte', files, [svelte()]));
    const page = await openPage(browser);
    await page.goto(`${world.origin}/svelte/index.html?${query}`);
    // Svelte set `calendars` as a property (it looks for a setter on the element's prototype).
    await page.getByRole('option', { name: 'Berlin (Svelte)' }).waitFor({ state: 'attached' });
    await bookFriday(page, '2030-03-29T09:00:00.000Z', 'Svelte App');
    await page
      .getByRole('status')
      .getByText(/^Svelte heard the booking [0-9a-f-]{36} at 2030-03-29T09:00:00.000Z$/)
      .waitFor();
    expect(world.booked.at(-1)).toMatchObject({ startDateTime: '2030-03-29T09:00:00.000Z' });
    await page.context().close();
  });
});
