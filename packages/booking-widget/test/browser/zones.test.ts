/**
 * A visitor in Tokyo books the Berlin studio across Berlin's change to summer time (Sunday 31
 * March 2030): the times shown move by an hour in Tokyo, and the booked instant is the one shown.
 */
import { describe, expect, it } from 'vitest';
import { STUDIO_IDS } from '@leadbook/server/studio';
import { axeViolations, RECORD_EVENTS, events, hasChromium, openPage, screenshot, useWorld } from './harness';

describe.skipIf(!hasChromium)('a visitor in Tokyo booking the Berlin studio', () => {
  const setup = useWorld();

  it("shows Berlin's 09:00 at 17:00 before the change and at 16:00 after it, and books that instant", async () => {
    const page = await openPage(setup.browser, { zone: 'Asia/Tokyo' });
    await page.goto(setup.world.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS }));
    await page.getByRole('grid').waitFor();
    // The zone is detected; the calendar's own zone is shown beside the times.
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('Asia/Tokyo');
    await page.getByText('Calendar time zone: Europe/Berlin').waitFor();

    // Friday 29 March (winter time in Berlin, UTC+1): 09:00 in Berlin is 17:00 in Tokyo.
    await page.locator('[data-day="2030-03-29"]').click();
    const friday = page.locator('[data-start="2030-03-29T08:00:00.000Z"]');
    expect(await friday.textContent()).toBe('17:00');

    // Monday 1 April, in the next month (summer time, UTC+2): 09:00 in Berlin is 16:00 in Tokyo.
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('grid', { name: 'April 2030' }).waitFor();
    await page.locator('[data-day="2030-04-01"]').click();
    const monday = page.locator('[data-start="2030-04-01T07:00:00.000Z"]');
    expect(await monday.textContent()).toBe('16:00');
    // Berlin's 17:00 on Sunday (15:00 UTC) is midnight in Tokyo: it belongs to Monday there.
    expect(await page.locator('[data-start="2030-03-31T15:00:00.000Z"]').textContent()).toBe('0:00');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'tokyo-april');

    await monday.click();
    await page.getByText('Monday, 1 April 2030 · 16:00 (Asia/Tokyo)').waitFor();
    await page.getByLabel('Name').fill('Yuki Tanaka');
    await page.getByLabel('Email').fill('yuki@example.com');
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.map((b) => b.startDateTime)).toEqual(['2030-04-01T07:00:00.000Z']);
    expect((await events(page)).find((e) => e.type === 'leadbook:booked')?.detail).toMatchObject({
      startDateTime: '2030-04-01T07:00:00.000Z',
    });
    await page.context().close();
  });

  it('shows the times in a zone the visitor switches to', async () => {
    const page = await openPage(setup.browser, { zone: 'Asia/Tokyo' });
    await page.goto(
      setup.world.page({ form: STUDIO_IDS.form, date: '2030-03-29' }, { script: RECORD_EVENTS }),
    );
    const friday = page.locator('[data-start="2030-03-29T09:00:00.000Z"]');
    expect(await friday.textContent()).toBe('18:00');
    await page.getByLabel('Your time zone').fill('America/New_York');
    await page.getByLabel('Your time zone').press('Enter');
    await expect.poll(() => friday.textContent()).toBe('5:00');
    await page.context().close();
  });
});
