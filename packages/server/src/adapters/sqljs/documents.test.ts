import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { createSqlJsStorage } from './index';

describe('sql.js documents', () => {
  it('stores every document as valid JSON text, multi-byte characters intact', async () => {
    const storage = await createSqlJsStorage();
    const name = 'Zoë’s 日本 calendar 🗓';
    await storage.transaction(async (tx) => {
      await tx.organizations.create({
        id: 'org_1',
        name,
        resourcePlanner: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      await tx.calendars.create({
        id: 'cal_1',
        organizationId: 'org_1',
        name,
        color: '#112233',
        tzdata: 'UTC',
        archived: false,
      } as never);
      await tx.jobs.upsert({
        key: 'job_1',
        runAt: 1,
        type: 't',
        payload: { name },
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    });
    await storage.transaction(async (tx) => {
      const calendar = await tx.calendars.get('org_1', 'cal_1');
      await tx.calendars.update({ ...calendar!, name: `${name} (renamed)` });
    });
    const calendar = await storage.transaction((tx) => tx.calendars.get('org_1', 'cal_1'), {
      readOnly: true,
    });
    expect(calendar?.name).toBe(`${name} (renamed)`);
    expect((await storage.transaction((tx) => tx.organizations.get('org_1')))?.name).toBe(name);

    const db = new (await initSqlJs()).Database(storage.exportBytes());
    for (const table of ['organizations', 'calendars', 'jobs']) {
      const [result] = db.exec(`SELECT typeof(doc), json_valid(doc) FROM ${table}`);
      expect(result?.values, table).toEqual([['text', 1]]);
    }
    db.close();
    await storage.close();
  });
});
