import { ErrorMessages, PublicCalendarSchema } from '@leadbook/contract';
import { STUDIO_IDS as ID } from '@leadbook/server/studio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, createHarness, type Harness } from './harness';
import { FORMS } from './studio';

const ORIGIN = { origin: 'https://www.example.com' };
const MIXED_FORM = '5d0c1f0e-7a6b-4c3d-9e8f-1a2b3c4d5e6f';

describe.each(ADAPTERS)('GET /public/forms/:id/calendars through %s', (kind) => {
  let h: Harness;
  let archivedId: string;
  beforeAll(async () => {
    h = await createHarness(kind, { rateLimit: { enabled: false } });
    for (const form of [FORMS.guarded, FORMS.studios, FORMS.draft])
      await h.service.admin.forms.create(ID.organization, form);
    const archived = await h.service.admin.calendars.create(ID.organization, {
      name: 'Old room',
      tzdata: 'Asia/Tokyo',
      color: '#000000',
      archived: true,
    });
    archivedId = archived.id;
    // New York first, an archived calendar, and Berlin named by two studios.
    await h.service.admin.forms.create(ID.organization, {
      ...FORMS.studios,
      id: MIXED_FORM,
      name: 'Mixed',
      studios: [
        { id: 'a', name: 'A', calendarIds: [ID.calendarNewYork, archivedId, ID.calendarBerlin] },
        { id: 'b', name: 'B', calendarIds: [ID.calendarBerlin] },
      ],
    });
  });
  afterAll(() => h.close());
  const get = (id: string, headers: Record<string, string> = ORIGIN) =>
    h.call('GET', `/public/forms/${id}/calendars`, { headers });

  it("lists the form's calendars with their names and zones, and nothing private", async () => {
    const res = await get(ID.formStudios);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: ID.calendarBerlin, name: 'Berlin', timeZone: 'Europe/Berlin' },
      { id: ID.calendarNewYork, name: 'New York', timeZone: 'America/New_York' },
    ]);
    for (const calendar of res.json as unknown[])
      expect(() => PublicCalendarSchema.strict().parse(calendar)).not.toThrow();
  });

  it('lists each calendar once, in form order, and leaves an archived one out', async () => {
    const res = await get(MIXED_FORM);
    expect(res.status).toBe(200);
    expect((res.json as Array<{ id: string }>).map((c) => c.id)).toEqual([
      ID.calendarNewYork,
      ID.calendarBerlin,
    ]);
    expect(JSON.stringify(res.json)).not.toContain(archivedId);
  });

  it('answers 404 in the public envelope for a missing, unpublished or malformed form id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', ID.formDraft, 'not-a-uuid']) {
      const res = await get(id);
      expect([id, res.status]).toEqual([id, 404]);
      expect(res.json).toEqual({ statusCode: 404, message: ErrorMessages.formNotFound });
    }
  });

  it("refuses a browser origin outside the form's allowlist with 403, and allows a listed one", async () => {
    const refused = await get(ID.formGuarded, { origin: 'https://evil.example.net' });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ statusCode: 403, message: ErrorMessages.originNotAllowed });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await get(ID.formGuarded);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN.origin);
    expect(allowed.json).toEqual([{ id: ID.calendarBerlin, name: 'Berlin', timeZone: 'Europe/Berlin' }]);
  });
});

describe('GET /public/forms/:id/calendars rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('fetch', { rateLimit: { limits: { calendars: 2 } } });
    await h.service.admin.forms.create(ID.organization, FORMS.studios);
  });
  afterAll(() => h.close());

  it('answers 429 past its own budget, without touching the config budget', async () => {
    const get = (what: string) =>
      h.call('GET', `/public/forms/${ID.formStudios}/${what}`, { headers: ORIGIN });
    expect((await get('calendars')).status).toBe(200);
    expect((await get('calendars')).status).toBe(200);
    const limited = await get('calendars');
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ statusCode: 429 });
    expect((await get('config')).status).toBe(200);
  });
});
