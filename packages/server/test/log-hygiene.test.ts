/**
 * What the service logs while it answers requests on every surface (Connect, public form, ingress,
 * and their failures: 400, 401, 404, 500): every line carries the id of the request it belongs
 * to (and its organization, once known), and no line carries a token, a secret, an
 * email address or lead data. (Every other harness test scans its log for the same leaks too.)
 */
import { INGRESS_TOKEN_HEADER } from '@leadbook/contract';
import { createSqlJsStorage, StorageError, type Repositories } from '@leadbook/server';
import {
  STUDIO_FORM_FIELDS as FIELD,
  STUDIO_IDS as ID,
  STUDIO_TOKENS as TOKEN,
} from '@leadbook/server/studio';
import { studioSubmission } from '@leadbook/server/studio';
import { describe, expect, it } from 'vitest';
import { day } from '../../../test-support/time';
import { ADAPTERS, createHarness, type CallResult } from './harness';
import { proxyStorage } from './storage-proxy';
import { capturingLogger, leaksOf, type LogLine } from './support/log-scan';

// Lead data that must never reach the log.
const CANARY = { email: 'canary.lead@example.com', name: 'Canary Lead Value', phone: '+49 30 99887766' };
const NOBODY_TOKEN = `service_live_${'f'.repeat(64)}`;
const WRONG_INGRESS_TOKEN = 'ef'.repeat(32);

/** Storage whose `tables.list` fails, as a database that went away would: a 500 `DATABASE_ERROR`. */
async function tablesFailing() {
  const inner = await createSqlJsStorage();
  const failing = () => Promise.reject(new StorageError('postgres: SELECT tables: connection terminated'));
  return proxyStorage(
    inner,
    (tx): Repositories =>
      new Proxy(tx, {
        get: (target, name, receiver) =>
          name === 'tables'
            ? new Proxy(target.tables, {
                get: (tables, method, r) => (method === 'list' ? failing : Reflect.get(tables, method, r)),
              })
            : Reflect.get(target, name, receiver),
      }),
  );
}

describe.each(ADAPTERS)('the log of requests through %s', { timeout: 60_000 }, (kind) => {
  it('carries each line’s request id, and no token, secret, email or lead data', async () => {
    const { logger, lines } = capturingLogger();
    const h = await createHarness(
      kind,
      { logger, storage: await tablesFailing(), rateLimit: { enabled: false } },
      { fullStudio: true },
    );
    const answered: Array<{ result: CallResult; from: number; to: number }> = [];
    const call = async (...args: Parameters<typeof h.call>) => {
      const from = lines.length;
      const result = await h.call(...args);
      answered.push({ result, from, to: lines.length });
      return result;
    };
    const lead = { tableId: ID.table, leadStateId: ID.leadStateNew, data: CANARY };
    try {
      expect((await call('POST', '/connect/table_entries/', { token: TOKEN.write, body: lead })).status).toBe(
        201,
      );
      expect((await call('GET', '/connect/tables/', { token: NOBODY_TOKEN })).status).toBe(401);
      expect((await call('GET', `/connect/tables/${ID.otherTable}`, { token: TOKEN.read })).status).toBe(404);
      const invalid = { ...lead, data: { ...CANARY, nested: { too: { deep: CANARY.email } } }, tableId: 7 };
      expect(
        (await call('POST', '/connect/table_entries/', { token: TOKEN.write, body: invalid })).status,
      ).toBe(400);
      expect((await call('GET', '/connect/tables/', { token: TOKEN.read })).status).toBe(500);
      const submission = studioSubmission({
        startDateTime: `${day(1)}T08:00:00.000Z`,
        endDateTime: `${day(1)}T09:00:00.000Z`,
      });
      submission.data[FIELD.email] = CANARY.email;
      submission.data[FIELD.name] = CANARY.name;
      expect((await call('POST', `/public/forms/${ID.form}/submit`, { body: submission })).status).toBe(200);
      const badSubmission = { ...submission, data: { ...submission.data, [FIELD.email]: 'not an email' } };
      expect((await call('POST', `/public/forms/${ID.form}/submit`, { body: badSubmission })).status).toBe(
        400,
      );
      const ingress = `/public/ingress_webhooks/${ID.ingressWebhook}`;
      const pushed = { data: { email: CANARY.email, name: CANARY.name } };
      const withToken = (token: string) => ({ body: pushed, headers: { [INGRESS_TOKEN_HEADER]: token } });
      expect((await call('POST', ingress, withToken(TOKEN.ingress))).status).toBe(201);
      expect((await call('POST', ingress, withToken(WRONG_INGRESS_TOKEN))).status).toBe(401);
    } finally {
      await h.close();
    }

    const leaks = lines.flatMap((line) =>
      leaksOf(line, Object.values(CANARY)).map((leak) => `${line.message}: ${leak}`),
    );
    expect(leaks).toEqual([]);
    for (const { result, from, to } of answered) {
      const requestId = result.headers.get('x-request-id');
      const during: LogLine[] = lines.slice(from, to);
      // Each request's own lines: at least its "request answered", and all of them with its id.
      expect(
        during.filter((line) => line.fields?.requestId === requestId).map((line) => line.message),
      ).toContain('request answered');
      for (const line of during) expect(line.fields?.requestId, line.message).toEqual(expect.any(String));
    }
    const failure = lines.find((line) => line.message === 'storage failure');
    expect(failure?.fields).toMatchObject({
      requestId: answered[4]!.result.headers.get('x-request-id'),
      organizationId: ID.organization,
      error: { name: 'StorageError', message: 'postgres: SELECT tables: connection terminated' },
    });
    // The organization, once known: after Connect auth, the form's load, the ingress token's check.
    const organizationOf = (index: number) =>
      lines.find(
        (line) =>
          line.message === 'request answered' &&
          line.fields?.requestId === answered[index]!.result.headers.get('x-request-id'),
      )?.fields?.organizationId;
    expect([0, 1, 5, 7, 8].map(organizationOf)).toEqual([
      ID.organization,
      undefined,
      ID.organization,
      ID.organization,
      undefined,
    ]);
    const answeredLine = lines.find(
      (line) =>
        line.message === 'request answered' &&
        line.fields?.requestId === answered[0]!.result.headers.get('x-request-id'),
    );
    expect(answeredLine?.fields).toMatchObject({
      organizationId: ID.organization,
      method: 'POST',
      route: '/connect/table_entries/',
      status: 201,
    });
  });
});

describe('the log scanner', () => {
  it('finds tokens, digests, secrets, Authorization values, emails and named values', () => {
    const line = (fields: Record<string, unknown>): LogLine => ({ level: 'info', message: 'm', fields });
    expect(leaksOf(line({ token: TOKEN.write }))).toContain('an API token');
    expect(leaksOf(line({ token: TOKEN.ingress }))).toEqual([
      '64 hex characters (an ingress token or a digest)',
    ]);
    expect(leaksOf(line({ secret: 'whsec_abc' }))).toEqual(['a webhook secret']);
    expect(leaksOf(line({ header: 'Bearer abc' }))).toEqual(['an Authorization value']);
    expect(leaksOf(line({ error: new Error(`no lead for ${CANARY.email}`) }))).toEqual(['an email address']);
    expect(leaksOf(line({ name: CANARY.name }), [CANARY.name])).toEqual([`the value "${CANARY.name}"`]);
    expect(
      leaksOf(
        line({ requestId: 'req_5f0c', route: '/connect/tables/:id', path: 'node_modules/@leadbook/server' }),
      ),
    ).toEqual([]);
  });
});
