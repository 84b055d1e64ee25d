/**
 * The automation events of a form submission (SPEC 6): `table.entry.added` for the lead and
 * `calendar.appointment.booked` for the booking, and no `table.entry.leadState.changed` (that one
 * belongs to Connect creates and patches).
 */
import type { ServiceEvent } from '@leadbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { FORMS, GOOD_CAPTCHA, goodSubmission } from './studio';

describe.each(ADAPTERS)('form submission events through %s', (kind) => {
  let h: Harness;
  const seen: ServiceEvent[] = [];
  beforeAll(async () => {
    h = await createHarness(kind, {
      rateLimit: { enabled: false },
      captcha: { verify: async ({ token }) => token === GOOD_CAPTCHA },
    });
    await h.service.admin.forms.create(ID.organization, FORMS.guarded);
    h.service.events.on('*', (event) => void seen.push(event));
  });
  afterAll(() => h.close());

  it('fires table.entry.added and calendar.appointment.booked, and no leadState.changed', async () => {
    seen.length = 0;
    const res = await h.call('POST', `/public/forms/${ID.formGuarded}/submit`, {
      body: goodSubmission(),
      headers: { origin: 'https://www.example.com' },
    });
    expect(res.status).toBe(200);
    expect(seen.map((event) => event.type)).toEqual(['table.entry.added', 'calendar.appointment.booked']);
    expect(seen.every((event) => event.trigger.source === 'form')).toBe(true);
    const log = await h.service.admin.activity.list(ID.organization, { limit: 10 });
    expect(log.filter((event) => event.type === 'table.entry.leadState.changed')).toEqual([]);
  });
});
