/**
 * The widget in headless Chromium against a real in-memory service: the whole booking flow with
 * a validation message at its field, keyboard-only booking, axe-core at every step.
 */
import { describe, expect, it } from 'vitest';
import { STUDIO_IDS, studioForms } from '@leadbook/server/studio';
import {
  axeViolations,
  RECORD_EVENTS,
  CHROMIUM,
  events,
  hasChromium,
  openPage,
  screenshot,
  useWorld,
} from './harness';

if (!hasChromium)
  console.warn(`booking-widget browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);

// 09:00 in Berlin on Friday 29 March 2030 (winter time): the coach's first trial session.
const FRIDAY_NINE = '2030-03-29T08:00:00.000Z';
const FRIDAY_TEN = '2030-03-29T09:00:00.000Z';

describe.skipIf(!hasChromium)('the booking widget in Chromium', () => {
  const setup = useWorld();

  it('books a time: day, time, hold, fields with a message at its field, confirmation; axe finds nothing at any step', async () => {
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS }));
    const grid = page.getByRole('grid', { name: 'March 2030' });
    await grid.waitFor();
    const calendar = page.getByLabel('Calendar', { exact: true });
    expect(await calendar.inputValue()).toBe(STUDIO_IDS.calendarBerlin);
    // The service names the calendars (the host page set no labels).
    expect(await calendar.locator('option').allTextContents()).toEqual(['Berlin', 'New York']);
    // Days with free times are marked; the first of them is chosen and its times shown.
    await expect
      .poll(() => page.locator('[data-day="2030-03-28"]').getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.locator('[data-day="2030-03-27"]').getAttribute('aria-disabled')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flow-1-time');

    await page.locator('[data-day="2030-03-29"]').click();
    await page.getByRole('heading', { name: 'Times on Friday, 29 March 2030' }).waitFor();
    await page.locator(`[data-start="${FRIDAY_NINE}"]`).click();

    // The pick is held: the details step says until when.
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your details' }).evaluate((h) => h.matches(':focus')))
      .toBe(true);
    expect(await page.locator('[part~=hold]').textContent()).toBe(
      'This time is held for you until 1:05 (5 min).',
    );
    expect(setup.world.booked).toHaveLength(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('030 1234567');
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Book now' }).click();
    // The service's message appears at the Email field, which is marked invalid and focused.
    const email = page.getByLabel('Email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const message = await page.locator(`#${await email.getAttribute('aria-describedby')}`).textContent();
    expect(message).toMatch(/Email/);
    expect(await email.evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flow-2-details-invalid');

    await email.fill('ada@example.com');
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flow-3-done');

    expect(setup.world.booked).toHaveLength(1);
    expect(setup.world.booked[0]).toMatchObject({
      startDateTime: FRIDAY_NINE,
      calendarId: STUDIO_IDS.calendarBerlin,
      appointmentTypeId: STUDIO_IDS.appointmentTypeTrial,
    });
    const seen = await events(page);
    expect(seen.filter((e) => e.type === 'leadbook:step').map((e) => e.detail['step'])).toEqual([
      'time',
      'details',
      'done',
    ]);
    const booked = seen.find((e) => e.type === 'leadbook:booked')!.detail;
    expect(booked).toMatchObject({ startDateTime: FRIDAY_NINE, calendarId: STUDIO_IDS.calendarBerlin });
    expect(await page.getByText(`Reference: ${booked['submissionId'] as string}`).count()).toBe(1);
    const error = seen.find((e) => e.type === 'leadbook:error')!.detail;
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/Email/) });
    await page.context().close();
  });

  it('offers the studios and appointment types of a form with several, and books the chosen ones', async () => {
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: STUDIO_IDS.formStudios, date: '2030-03-29' }));
    const location = page.getByLabel('Location');
    const type = page.getByLabel('Appointment type');
    await type.waitFor();
    expect(await location.locator('option').allTextContents()).toEqual(['Berlin', 'New York']);
    expect(await type.locator('option').allTextContents()).toEqual([
      'Trial session (60 min)',
      'Group class (60 min)',
    ]);
    // New York's coach works 14:00-18:00 there: 19:00-23:00 in Berlin (summer time in New York).
    await location.selectOption({ label: 'New York' });
    await expect.poll(() => page.locator('[data-start]').first().textContent()).toBe('19:00');
    // Group classes take the studio room, which New York does not open to the public: only trial
    // sessions are offered there, so there is no type to choose.
    await expect.poll(() => type.count()).toBe(0);
    await location.selectOption({ label: 'Berlin' });
    await type.selectOption({ label: 'Group class (60 min)' });
    // The studio room opens at 14:00 in Berlin for group classes, hourly.
    await expect.poll(() => page.locator('[data-start]').first().textContent()).toBe('14:00');
    expect(await page.locator('[data-start]').nth(1).textContent()).toBe('15:00');
    await page.locator('[data-start="2030-03-29T13:00:00.000Z"]').click();
    await page.getByText(/^Group class · Friday, 29 March 2030 · 14:00/).waitFor();
    await page.getByLabel('Email').fill('group@example.com');
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.at(-1)).toMatchObject({
      startDateTime: '2030-03-29T13:00:00.000Z',
      calendarId: STUDIO_IDS.calendarBerlin,
      appointmentTypeId: STUDIO_IDS.appointmentTypeClass,
    });
    await page.context().close();
  });

  it("lets the host page's `calendars` property rename a calendar and set its zone", async () => {
    // A visitor in Tokyo: the calendar's own zone differs from theirs, so the widget shows it.
    const page = await openPage(setup.browser, { zone: 'Asia/Tokyo' });
    const labels = `<script type="module">
      document.querySelector('leadbook-booking').calendars = {
        '${STUDIO_IDS.calendarBerlin}': { name: 'Berlin Mitte' },
        '${STUDIO_IDS.calendarNewYork}': { timeZone: 'America/Chicago' },
      };
    </script>`;
    await page.goto(setup.world.page({ form: STUDIO_IDS.form, date: '2030-03-29' }, { script: labels }));
    const calendar = page.getByLabel('Calendar', { exact: true });
    await calendar.waitFor();
    // The host's name wins; the zone it did not set is the service's.
    expect(await calendar.locator('option').allTextContents()).toEqual(['Berlin Mitte', 'New York']);
    await page.getByText('Calendar time zone: Europe/Berlin').waitFor();
    await calendar.selectOption({ label: 'New York' });
    await page.getByText('Calendar time zone: America/Chicago').waitFor();
    await page.context().close();
  });

  it("puts a validation message at the field the service's details name, even where labels repeat", async () => {
    // A visitor bringing a friend: two fields labelled `Name`. Only the field key tells them apart.
    const trial = studioForms().trial;
    const fields = trial.fields ?? [];
    const friend = '0f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b';
    const friendName = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const form = await setup.world.service.admin.forms.create(STUDIO_IDS.organization, {
      ...trial,
      id: undefined,
      name: 'Bring a friend',
      fields: [
        ...fields.slice(0, 2),
        { id: friend, type: 'checkbox', label: 'I bring a friend' },
        {
          id: friendName,
          type: 'text',
          label: 'Name',
          required: true,
          showIf: [{ fieldId: friend, operator: 'equals', value: true }],
        },
        ...fields.slice(3),
      ],
    });
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: form.id, date: '2030-04-02' }));
    await page.locator('[data-start="2030-04-02T07:00:00.000Z"]').click(); // 09:00 in Berlin
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    const names = page.getByLabel('Name');
    await names.first().fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('I bring a friend').check();
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Book now' }).click();
    // The friend's name is missing: the message goes to the second `Name`, not the first.
    await expect.poll(() => names.nth(1).getAttribute('aria-invalid')).toBe('true');
    expect(await names.first().getAttribute('aria-invalid')).toBeNull();
    const rows = page.locator('[part~=field]').filter({ has: names });
    expect(await rows.nth(1).locator('[part~=field-error]').textContent()).toBe('Name is required');
    expect(await rows.first().locator('[part~=field-error]').textContent()).toBe('');
    expect(await names.nth(1).evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.context().close();
  });

  it('numbers the calendars when the service has no calendars extension, and still books', async () => {
    const page = await openPage(setup.browser);
    // An older service: the calendars route answers 404 in the public envelope.
    await page.route('**/public/forms/*/calendars', (route) =>
      route.fulfill({ status: 404, json: { statusCode: 404, message: 'Not found' } }),
    );
    await page.goto(setup.world.page({ form: STUDIO_IDS.form, date: '2030-04-03' }));
    const calendar = page.getByLabel('Calendar', { exact: true });
    await calendar.waitFor();
    expect(await calendar.locator('option').allTextContents()).toEqual(['Calendar 1', 'Calendar 2']);
    expect(await page.locator('[part~=error]').textContent()).toBe('');
    await page.locator('[data-start="2030-04-03T07:00:00.000Z"]').click(); // 09:00 in Berlin
    await page.getByLabel('Name').fill('Old Service');
    await page.getByLabel('Email').fill('old@example.com');
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.at(-1)).toMatchObject({ startDateTime: '2030-04-03T07:00:00.000Z' });
    await page.context().close();
  });

  it('keeps what the visitor typed when they change the time', async () => {
    const page = await openPage(setup.browser);
    await page.goto(
      setup.world.page({ form: STUDIO_IDS.form, date: '2030-03-30' }, { script: RECORD_EVENTS }),
    );
    await page.locator('[data-start="2030-03-30T09:00:00.000Z"]').click();
    await page.getByLabel('Name').fill('Mary Somerville');
    await page.getByLabel('Privacy policy').check();
    await page.getByRole('button', { name: 'Change time' }).click();
    await page.getByRole('heading', { name: 'Choose a time' }).waitFor();
    // Another time: its hold replaces the first one (the service keeps one per visitor).
    await page.locator('[data-day="2030-03-30"]').click();
    await page.locator('[data-start="2030-03-30T10:00:00.000Z"]').click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Mary Somerville');
    expect(await page.getByLabel('Privacy policy').isChecked()).toBe(true);
    await page.context().close();
  });

  it('books with the keyboard alone', async () => {
    const page = await openPage(setup.browser);
    await page.goto(setup.world.page({ form: STUDIO_IDS.form }, { script: RECORD_EVENTS }));
    await page.getByRole('grid').waitFor();
    await expect
      .poll(() => page.locator('[data-day="2030-03-28"]').getAttribute('aria-selected'))
      .toBe('true');
    const focused = () =>
      page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return {
          tag: el?.tagName,
          day: el?.getAttribute('data-day'),
          start: el?.getAttribute('data-start'),
          text: el?.textContent,
        };
      });
    const tabTo = async (done: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
      for (let i = 0; i < 15 && !done(await focused()); i++) await page.keyboard.press('Tab');
      expect(done(await focused())).toBe(true);
    };
    await tabTo((f) => f.day === '2030-03-28');
    // The grid: arrows by days and weeks, Home/End, Page Down to April and back.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused()).day).toBe('2030-04-04');
    await page.getByRole('grid', { name: 'April 2030' }).waitFor();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focused()).day).toBe('2030-04-01');
    await page.keyboard.press('PageUp');
    await expect.poll(async () => (await focused()).day).toBe('2030-03-28'); // 1 March has passed: the grid stops at today
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused()).day).toBe('2030-03-31');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused()).day).toBe('2030-03-29');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Times on Friday, 29 March 2030' }).waitFor();
    await tabTo((f) => f.start === FRIDAY_TEN);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await tabTo((f) => f.tag === 'INPUT');
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // the privacy consent
    await tabTo((f) => f.text === 'Book now');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your booking is confirmed.' }).waitFor();
    expect(setup.world.booked.at(-1)).toMatchObject({ startDateTime: FRIDAY_TEN });
    await page.context().close();
  });
});
