/**
 * The storage floors printed by `npm run bench` must write what the service writes: the same rows,
 * with documents of the same size. Otherwise the breakdown would understate or overstate the cost
 * that storage alone puts on the goals' routes.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { INGRESS_TOKEN_HEADER } from '@leadbook/contract';
import { createConnectService, type ConnectService } from '@leadbook/server';
import { createSqlJsStorage, type SqlJsStorage } from '../../packages/server/src/adapters/sqljs';
import { loadSqlJs } from '../../packages/server/src/adapters/sqljs/load-sql-js';
import type { SqlConnection } from '../../packages/server/src/adapters/sqljs/connection';
import { storageFloorApp } from '../server/storage-floor';
import { mountRequiredIngress, mountRequiredWork } from '../server/required-floor';
import { bookingFloor } from '../server/booking-floor';
import { requiredBooking } from '../server/booking-required';
import { useCaseSide } from '../server/bookings.bench';
import { createBooking } from '../../packages/server/src/usecases/bookings';
import { testClock } from '../../test-support/time';
import { STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { testStudio } from '../../packages/server/test/studio';

/**
 * Byte lengths of the newest `limit` documents of a table, newest first (with the event type for
 * activity rows); pool schemas only of the pool the tests write to.
 */
const NEWEST = (table: string, limit: number) =>
  `SELECT length(CAST(doc AS BLOB)) AS bytes${table === 'activity' ? ', type' : ''} FROM ${table}
   ${table === 'table_schemas' ? `WHERE table_id = '${ID.table}'` : ''} ORDER BY seq DESC LIMIT ${limit}`;

async function dumpRows(storage: SqlJsStorage, table: string, limit: number) {
  const db = new (await loadSqlJs()).Database(storage.exportBytes());
  try {
    const [result] = db.exec(NEWEST(table, limit));
    return (result?.values ?? []).map((row) =>
      Object.fromEntries(result!.columns.map((c, i) => [c, row[i]])),
    );
  } finally {
    db.close();
  }
}

const floorRows = (connection: SqlConnection, table: string, limit: number) =>
  connection.all(NEWEST(table, limit));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const headers = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };

/** A service on sql.js with the test studio, and a lead the POST route created in it. */
async function serviceWithLead() {
  const storage = await createSqlJsStorage();
  const service: ConnectService = await createConnectService({ storage, clock: testClock() });
  cleanups.push(() => service.close());
  await service.admin.seed(testStudio());
  const body = JSON.stringify({
    tableId: ID.table,
    leadStateId: ID.leadStateNew,
    data: { name: 'Load', email: 'a@b.c' },
  });
  const created = await service.fetch(
    new Request('http://x/connect/table_entries/', { method: 'POST', headers, body }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { storage, service, body, id };
}

/** `app` listening on loopback, closed after the test; its base URL. */
async function listening(app: Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The floor routes of the lead `entryId` (and the required-work ones at `/required`), on loopback. */
async function listenFloor(service: ConnectService, entryId: string) {
  const { app, connection, stored } = await storageFloorApp(
    service,
    { organizationId: ID.organization, entryId, eventCount: 2 },
    '/floor',
  );
  const sample = { token: TOKEN.write, entry: stored.entry, events: stored.events };
  await mountRequiredWork(app, connection, service, sample, '/required');
  const base = await listening(app);
  return { connection, url: `${base}/floor`, required: `${base}/required` };
}

/** The booking bench's use case side, stopped after the test, with one booking made through it. */
async function bookedSide() {
  const side = await useCaseSide();
  cleanups.push(async () => {
    await side.scheduler.stop();
    await side.storage.close();
  });
  const trigger = { source: 'connect', apiTokenId: randomUUID(), memberId: null } as const;
  const sample = await createBooking(side.ctx, { organizationId: side.orgId, body: side.body(0), trigger });
  return { side, sample };
}

describe('benchmark storage floors', () => {
  it('the lead route floor writes the entry, schema and activity rows the service writes', async () => {
    const { storage, service, body, id } = await serviceWithLead();
    const { connection, url } = await listenFloor(service, id);
    const floor = await fetch(url, { method: 'POST', headers, body });
    expect(floor.status).toBe(201);

    for (const [table, limit] of [
      ['table_entries', 1],
      ['table_schemas', 1],
      ['activity', 2],
    ] as const) {
      const ours = await dumpRows(storage, table, limit);
      expect(ours).toHaveLength(limit);
      expect(floorRows(connection, table, limit)).toEqual(ours);
    }
    // One entry beside the sample the floor keeps for its PATCH route; no other rows.
    expect(connection.all('SELECT COUNT(*) AS n FROM table_entries')).toEqual([{ n: 2 }]);
    expect(floorRows(connection, 'table_schemas', 2)).toHaveLength(1);
    expect(floorRows(connection, 'activity', 3)).toHaveLength(2);
  });

  it('the PATCH floor rewrites the entry and the schema as a data patch does', async () => {
    const { storage, service, id } = await serviceWithLead();
    // As the bench does: the floor copies the schema as a first patch left it (with its new keys).
    const body = JSON.stringify({ data: { name: 'Patched', visits: 2 } });
    const patch = () =>
      service.fetch(new Request(`http://x/connect/table_entries/${id}`, { method: 'PATCH', headers, body }));
    expect((await patch()).status).toBe(200);
    const { connection, url } = await listenFloor(service, id);
    expect((await patch()).status).toBe(200);
    const floor = await fetch(`${url}/${id}`, { method: 'PATCH', headers, body });
    expect(floor.status).toBe(200);

    const entryBytes = `SELECT length(CAST(doc AS BLOB)) AS bytes FROM table_entries WHERE id = '${id}'`;
    const db = new (await loadSqlJs()).Database(storage.exportBytes());
    try {
      expect(connection.all(entryBytes)).toEqual([{ bytes: db.exec(entryBytes)[0]!.values[0]![0] }]);
    } finally {
      db.close();
    }
    // No lead state change, so no activity row: the floor writes none either.
    expect(floorRows(connection, 'table_schemas', 2)).toEqual(await dumpRows(storage, 'table_schemas', 1));
    expect(connection.all('SELECT COUNT(*) AS n FROM activity')).toEqual([{ n: 0 }]);
  });

  it('the booking floor writes the booking, activity and job rows the booking use case writes', async () => {
    const { side, sample } = await bookedSide();
    const { book, connection } = await bookingFloor(
      side.storage,
      { organizationId: side.orgId, bookingId: sample.id },
      side.slot,
      24 * 60 * 60_000,
    );
    book(0);

    for (const [table, limit] of [
      ['bookings', 1],
      ['activity', 1],
      ['jobs', 2],
    ] as const) {
      const ours = await dumpRows(side.storage, table, limit);
      expect(ours).toHaveLength(limit);
      expect(floorRows(connection, table, limit + 1)).toEqual(ours);
    }
  });

  it('the required-work routes write what the floor writes, and refuse without writing', async () => {
    const { storage, service, body, id } = await serviceWithLead();
    const { connection, required } = await listenFloor(service, id);
    const count = (table: string) => connection.all(`SELECT COUNT(*) AS n FROM ${table}`)[0]!['n'];
    const before = { entries: count('table_entries'), activity: count('activity') };
    const refused = [
      await fetch(required, { method: 'POST', headers: { ...headers, authorization: 'Bearer nope' }, body }),
      // A pool that does not exist: the checks run inside the transaction, which rolls back.
      await fetch(required, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tableId: randomUUID(), leadStateId: ID.leadStateNew, data: { name: 'X' } }),
      }),
      await fetch(required, { method: 'POST', headers, body: JSON.stringify({ tableId: 5 }) }),
    ];
    expect(refused.map((response) => response.status)).toEqual([401, 400, 400]);
    expect({ entries: count('table_entries'), activity: count('activity') }).toEqual(before);

    expect((await fetch(required, { method: 'POST', headers, body })).status).toBe(201);
    for (const [table, limit] of [
      ['table_entries', 1],
      ['activity', 2],
    ] as const) {
      expect(floorRows(connection, table, limit)).toEqual(await dumpRows(storage, table, limit));
    }
    const patch = JSON.stringify({ data: { name: 'Patched' } });
    const patched = await fetch(`${required}/${id}`, { method: 'PATCH', headers, body: patch });
    expect(patched.status).toBe(200);
    expect(((await patched.json()) as { data: object }).data).toEqual({ name: 'Patched', email: 'a@b.c' });
  });

  it('the required-work ingress route writes what the service writes, and checks the token', async () => {
    const { storage, service } = await serviceWithLead();
    const webhook = await service.admin.ingressWebhooks.create(ID.organization, {
      tableId: ID.table,
      name: 'Bench',
    });
    const body = JSON.stringify({ data: { name: 'Load', email: 'a@b.c', age: '42' } });
    const ingress = (token: string) => ({
      method: 'POST',
      headers: { [INGRESS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body,
    });
    const created = await service.fetch(
      new Request(`http://x/public/ingress_webhooks/${webhook.id}`, ingress(webhook.token)),
    );
    expect(created.status).toBe(201);
    const { app, connection, stored } = await storageFloorApp(
      service,
      {
        organizationId: ID.organization,
        entryId: ((await created.json()) as { id: string }).id,
        eventCount: 1,
      },
      '/floor',
    );
    await mountRequiredIngress(app, connection, service, { ...stored, webhookId: webhook.id }, '/required');
    const url = await listening(app);
    expect((await fetch(`${url}/required/${webhook.id}`, ingress('wrong'))).status).toBe(401);
    expect((await fetch(`${url}/required/${webhook.id}`, ingress(webhook.token))).status).toBe(201);
    for (const [table, limit] of [
      ['table_entries', 1],
      ['activity', 1],
    ] as const) {
      expect(floorRows(connection, table, limit)).toEqual(await dumpRows(storage, table, limit));
    }
  });

  it('the required-work booking writes the use case rows after its checks, and nothing when they refuse', async () => {
    const { side, sample } = await bookedSide();
    const { book, connection } = await requiredBooking(
      side.storage,
      { organizationId: side.orgId, bookingId: sample.id },
      side.slot,
      side.body,
      24 * 60 * 60_000,
    );
    const count = () => connection.all('SELECT COUNT(*) AS n FROM bookings')[0]!['n'];
    const before = count();
    const start = side.slot(1).startMs;
    // Started already: refused inside its transaction, nothing written.
    expect(() => book(1, start + 1)).toThrow(/refused: length or past/);
    expect(count()).toBe(before);
    book(1, start - 1);
    expect(count()).toBe(Number(before) + 1);
    for (const [table, limit] of [
      ['bookings', 1],
      ['activity', 1],
      ['jobs', 2],
    ] as const) {
      expect(floorRows(connection, table, limit)).toEqual(await dumpRows(side.storage, table, limit));
    }
  });
});
