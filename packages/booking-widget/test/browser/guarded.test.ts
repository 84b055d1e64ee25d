/**
 * The studio's guarded form in the widget: an origin allowlist, a Turnstile captcha through the
 * host page's hook, and every field kind with a `showIf` rule.
 */
import { describe, expect, it } from 'vitest';
import { STUDIO_IDS, studioForms } from '@leadbook/server/studio';
import { axeViolations, events, hasChromium, openPage, useWorld } from './harness';

/**
 * The host page's captcha hook: records each call and renders a stand-in for the provider's widget
 * into the container; its first token is rejected by the service, the next ones pass.
 */
const CAPTCHA_HOOK = `<script type="module">
  const widget = document.querySelector('leadbook-booking');
  window.captchaCalls = [];
  window.widgetEvents = [];
  for (const type of ['leadbook:step', 'leadbook:booked', 'leadbook:error'])
    document.addEventListener(type, (event) => window.widgetEvents.push({ type, detail: event.detail }));
  widget.captcha = ({ provider, siteKey, container }) => {
    window.captchaCalls.push({ provider, siteKey, slotted: container.parentElement === widget && container.slot === 'captcha' });
    container.textContent = 'Captcha ' + window.captchaCalls.length;
    return window.captchaCalls.length === 1 ? 'robot' : Promise.resolve('human');
  };
</script>`;

describe.skipIf(!hasChromium)('the guarded form in the widget', () => {
  const setup = useWorld();

  it('tells the visitor when the page is not on the allowed domains', async () => {
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: STUDIO_IDS.formGuarded }, { script: CAPTCHA_HOOK }));
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This booking form may not be used on this website.');
    expect((await events(page)).find((e) => e.type === 'leadbook:error')?.detail).toMatchObject({
      status: 403,
    });
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('shows fields by their showIf rules, puts the message at its field, and retries a failed captcha', async () => {
    const guarded = studioForms().guarded;
    await setup.world.service.admin.forms.update(STUDIO_IDS.organization, STUDIO_IDS.formGuarded, {
      ...guarded,
      allowedDomains: [setup.world.origin],
    });
    const page = await openPage(setup.browser);
    await page.goto(
      setup.world.page({ form: STUDIO_IDS.formGuarded, date: '2030-03-29' }, { script: CAPTCHA_HOOK }),
    );
    await page.locator('[data-start="2030-03-29T08:00:00.000Z"]').click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    // The hook got the form's provider and site key, and a container slotted into the widget.
    expect(
      await page.evaluate(() => (window as unknown as { captchaCalls: unknown[] }).captchaCalls),
    ).toEqual([{ provider: 'turnstile', siteKey: 'site-key-123', slotted: true }]);
    await expect.poll(() => page.getByText('Captcha 1').isVisible()).toBe(true);

    // Company shows only for business customers; the hidden Source field is never shown.
    const company = page.getByLabel('Company');
    expect(await company.isVisible()).toBe(false);
    expect(await page.getByLabel('Source').count()).toBe(0);
    await page.getByLabel('Business customer').check();
    expect(await company.isVisible()).toBe(true);
    await page.getByLabel('Plan').selectOption('premium');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Privacy policy').check();
    expect(await axeViolations(page)).toEqual([]);

    // The first token is rejected: the visitor is told, and the hook runs again.
    await page.getByRole('button', { name: 'Book now' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The captcha check failed. Please try again.');
    await expect.poll(() => page.getByText('Captcha 2').isVisible()).toBe(true);

    // Company is required when shown: the service's message appears at it.
    await page.getByRole('button', { name: 'Book now' }).click();
    await expect.poll(() => company.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator(`#${await company.getAttribute('aria-describedby')}`).textContent();
    expect(message).toMatch(/Company/);

    await company.fill('Analytical Engines Ltd');
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.at(-1)).toMatchObject({ startDateTime: '2030-03-29T08:00:00.000Z' });
    const [submission] = await setup.world.service.admin.forms.submissions(
      STUDIO_IDS.organization,
      STUDIO_IDS.formGuarded,
    );
    expect(submission).toBeDefined();
    await page.context().close();
  });
});
