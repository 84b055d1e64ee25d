/**
 * The widget when time is short: two visitors racing for the last place, a hold running out, and
 * the service's rate limit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { RECORD_EVENTS, events, hasChromium, openPage, screenshot, startWorld, useWorld } from './harness';

// 09:00 in Berlin on Saturday 30 March 2030: a trial session only the coach (one place) gives.
const SATURDAY_NINE = '2030-03-30T08:00:00.000Z';

const openDay = async (page: Page, url: string, day: string) => {
  await page.goto(url);
  await page.getByRole('grid').waitFor();
  await page.locator(`[data-day="${day}"]`).click();
  await page.locator(`[data-start]`).first().waitFor();
};
const time = (page: Page, start: string) => page.locator(`[data-start="${start}"]`);

describe.skipIf(!hasChromium)('the widget in a race against the clock and other visitors', () => {
  const setup = useWorld();

  it('gives the last place to one of two visitors; the other is told and sees the day refreshed', async () => {
    const url = setup.world.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS });
    const [ada, bob] = [await openPage(setup.browser), await openPage(setup.browser)];
    await openDay(ada, url, '2030-03-30');
    await openDay(bob, url, '2030-03-30');
    expect(await time(bob, SATURDAY_NINE).count()).toBe(1);

    await time(ada, SATURDAY_NINE).click();
    await ada.getByRole('heading', { name: 'Your details' }).waitFor();
    // Bob still sees the time Ada holds (his page loaded before) and picks it.
    await time(bob, SATURDAY_NINE).click();
    const alert = bob.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Sorry, someone else just took this time. Here are the times still free.');
    // Back at the times of the same day, refreshed: 09:00 is gone, 10:00 is there.
    await expect.poll(() => time(bob, SATURDAY_NINE).count()).toBe(0);
    expect(await bob.locator('[data-day="2030-03-30"]').getAttribute('aria-selected')).toBe('true');
    expect(await time(bob, '2030-03-30T09:00:00.000Z').count()).toBe(1);
    expect((await events(bob)).find((e) => e.type === 'leadbook:error')?.detail).toMatchObject({
      status: 400,
    });
    await screenshot(bob, 'race-lost');

    // Ada books what she holds.
    await ada.getByLabel('Name').fill('Ada Lovelace');
    await ada.getByLabel('Email').fill('ada@example.com');
    await ada.getByLabel('Privacy policy').check();
    await ada.getByRole('button', { name: 'Book now' }).click();
    await ada.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.map((b) => b.startDateTime)).toEqual([SATURDAY_NINE]);
    await Promise.all([ada.context().close(), bob.context().close()]);
  });

  it('sends the visitor back to the times when the hold runs out', async () => {
    const page = await openPage(setup.browser, { clock: 'installed' });
    await openDay(page, setup.world.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS }), '2030-03-31');
    const sundayNine = '2030-03-31T07:00:00.000Z'; // 09:00 in Berlin, summer time from this day
    await time(page, sundayNine).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    // Five minutes pass for the visitor and for the service.
    setup.world.clock.advance(301_000);
    await page.clock.runFor(301_000);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Your hold on this time ran out. Please choose a time again.');
    await page.getByRole('heading', { name: 'Choose a time' }).waitFor();
    // The place is free again, and the visitor sees it.
    await expect.poll(() => time(page, sundayNine).count()).toBe(1);
    setup.world.clock.set(Date.parse('2030-03-28T00:00:00.000Z'));
    await page.context().close();
  });

  it('says when to try again after the rate limit', async () => {
    const limited = await startWorld({ read: 10_000, hold: 1 });
    try {
      const page = await openPage(setup.browser);
      await openDay(page, limited.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS }), '2030-03-29');
      await time(page, '2030-03-29T08:00:00.000Z').click();
      await page.getByRole('button', { name: 'Change time' }).click();
      await page.locator('[data-day="2030-03-29"]').click();
      await time(page, '2030-03-29T09:00:00.000Z').click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect((await events(page)).find((e) => e.type === 'leadbook:error')?.detail).toMatchObject({
        status: 429,
      });
      await page.context().close();
    } finally {
      await limited.close();
    }
  });
});
