/**
 * How the widget looks: light and dark (the visitor's preference and the `theme` attribute), desktop
 * and 375 px wide, German and right-to-left; axe-core in each. Screenshots go to `test-output/`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { axeViolations, RECORD_EVENTS, hasChromium, openPage, screenshot, useWorld } from './harness';

const background = (page: Page) =>
  page.locator('leadbook-booking').evaluate((el) => getComputedStyle(el).backgroundColor);

describe.skipIf(!hasChromium)('the widget on light and dark pages, wide and narrow', () => {
  const setup = useWorld();

  for (const dark of [false, true])
    for (const width of [1024, 375]) {
      const name = `${dark ? 'dark' : 'light'}-${width}`;
      it(`${name}: the time and details steps pass axe`, async () => {
        const page = await openPage(setup.browser, { dark, width });
        await page.goto(
          setup.world.page({ form: STUDIO_IDS.form, date: '2030-03-29' }, { script: RECORD_EVENTS }),
        );
        await page.locator('[data-start]').first().waitFor();
        expect(await background(page)).toBe(dark ? 'rgb(17, 24, 39)' : 'rgb(255, 255, 255)');
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${name}-time`);
        await page.locator('[data-start]').nth(4).click();
        await page.getByRole('heading', { name: 'Your details' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${name}-details`);
        // Nothing sticks out of a narrow screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.context().close();
      });
    }

  it('takes its scheme from the theme attribute over the preference, and its colours from custom properties', async () => {
    const page = await openPage(setup.browser, { dark: false });
    await page.goto(setup.world.page({ form: STUDIO_IDS.form, theme: 'dark', style: '--lb-accent:#ff00aa' }));
    await page.getByRole('grid').waitFor();
    expect(await background(page)).toBe('rgb(17, 24, 39)');
    const selected = page.locator('[aria-selected=true]');
    await selected.waitFor();
    // `style` on the host wins over the element's own `:host` rules.
    expect(await selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 170)');
    await page.context().close();
  });

  it('speaks German and lays out right to left', async () => {
    const page = await openPage(setup.browser, { locale: 'de-DE' });
    await page.goto(
      setup.world.page(
        { form: STUDIO_IDS.form, locale: 'de', date: '2030-03-29' },
        { dir: 'rtl', script: RECORD_EVENTS },
      ),
    );
    await page.getByRole('heading', { name: 'Termin wählen' }).waitFor();
    await page.getByRole('grid', { name: 'März 2030' }).waitFor();
    await page.getByRole('heading', { name: 'Zeiten am Freitag, 29. März 2030' }).waitFor();
    // In a right-to-left layout the left arrow moves to the next day.
    await page.locator('[data-day="2030-03-29"]').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('[data-day="2030-03-30"]').evaluate((el) => el.matches(':focus'))).toBe(true);
    const grid = await page.getByRole('grid').boundingBox();
    const times = await page.locator('[part~=times]').boundingBox();
    expect(times!.x).toBeLessThan(grid!.x); // the times sit on the left, after the grid in reading order
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'rtl-de');
    await page.context().close();
  });

  it("axe looks inside the widget's shadow root (so the checks above can fail)", async () => {
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: STUDIO_IDS.form }));
    await page.getByRole('grid').waitFor();
    await page
      .locator('leadbook-booking')
      .evaluate((el) => el.shadowRoot!.append(document.createElement('input')));
    expect((await axeViolations(page)).join()).toMatch(/^label:/);
    await page.context().close();
  });
});
