/**
 * The mounted service against bare Express 5 routes doing the same JSON work (parse the body,
 * answer JSON), over loopback HTTP: what the service's routing, auth, validation and storage cost
 * a request beyond what any Express app pays.
 *
 * @module
 */
import express from 'express';
import { INGRESS_TOKEN_HEADER } from '@leadbook/contract';
import { createConnectService } from '@leadbook/server';
import { studioFixture, STUDIO_IDS as ID, STUDIO_TOKENS as TOKEN } from '@leadbook/server/studio';
import { compareHttp, listen, type HttpSide } from '../lib/http';
import { failed, figure, heading, list, median, medianRatio, type Goal } from '../lib/report';

const READ_GOAL: Goal = { op: '>=', x: 0.7 };
const WRITE_GOAL: Goal = { op: '>=', x: 0.3 };

/** Prints GET, POST, PATCH and ingress requests per second against bare Express. */
export async function benchHttp(): Promise<void> {
  heading('HTTP: the mounted service vs bare Express 5 (loopback, autocannon, 10 connections)');
  const service = await createConnectService();
  await service.admin.seed(studioFixture());
  const webhook = await service.admin.ingressWebhooks.create(ID.organization, {
    tableId: ID.table,
    name: 'Bench',
  });
  const auth = { authorization: `Bearer ${TOKEN.write}`, 'content-type': 'application/json' };
  const ingressHeaders = { [INGRESS_TOKEN_HEADER]: webhook.token, 'content-type': 'application/json' };
  const postBody = JSON.stringify({
    tableId: ID.table,
    leadStateId: ID.leadStateNew,
    data: { name: 'Load', email: 'load@example.com' },
  });
  const patchBody = JSON.stringify({ data: { name: 'Patched', visits: 2 } });
  const ingressBody = JSON.stringify({
    data: { name: 'Load', email: 'load@example.com', age: '42', tags: ['web'], newsletter: true },
  });
  const call = (path: string, init: RequestInit = {}) =>
    service.fetch(new Request(`http://bench.local${path}`, { headers: auth, ...init }));
  const calendars = await (await call('/connect/calendar/')).json();
  const entry = (await (
    await call('/connect/table_entries/', { method: 'POST', body: postBody })
  ).json()) as {
    id: string;
  };

  const bare = express();
  bare.get('/connect/calendar/', (_req, res) => void res.json(calendars));
  bare.post('/echo', express.json(), (req, res) => void res.status(201).json(req.body));
  bare.patch('/echo', express.json(), (req, res) => void res.json(req.body));
  const app = express();
  app.use(service.express());
  const ours = await listen(app);
  const baseline = await listen(bare);
  type Method = HttpSide['method'];
  const side = (
    url: string,
    method: Method,
    path: string,
    headers: Record<string, string> = auth,
    body?: string,
  ): HttpSide => ({
    ...{ url, method, path, headers },
    ...(body !== undefined && { body }),
  });
  const echo = (method: Method, body: string, headers: Record<string, string> = auth) =>
    side(baseline.url, method, '/echo', headers, body);
  const entryPath = `/connect/table_entries/${entry.id}`;
  const ingressPath = `/public/ingress_webhooks/${webhook.id}`;
  const rows: Array<[string, HttpSide, HttpSide, Goal]> = [
    [
      'GET /connect/calendar/',
      side(ours.url, 'GET', '/connect/calendar/'),
      side(baseline.url, 'GET', '/connect/calendar/'),
      READ_GOAL,
    ],
    [
      'POST /connect/table_entries/',
      side(ours.url, 'POST', '/connect/table_entries/', auth, postBody),
      echo('POST', postBody),
      WRITE_GOAL,
    ],
    [
      'PATCH /connect/table_entries/:id',
      side(ours.url, 'PATCH', entryPath, auth, patchBody),
      echo('PATCH', patchBody),
      WRITE_GOAL,
    ],
    [
      'POST /public/ingress_webhooks/:id',
      side(ours.url, 'POST', ingressPath, ingressHeaders, ingressBody),
      echo('POST', ingressBody, ingressHeaders),
      WRITE_GOAL,
    ],
  ];
  try {
    for (const [label, subject, bareSide, goal] of rows) {
      const { rps, failures } = await compareHttp({ subject, bare: bareSide });
      const ratios = rps.subject.map((value, round) => value / rps.bare[round]!);
      figure(
        `${label} / bare Express`,
        medianRatio(rps.subject, rps.bare),
        goal,
        `${median(rps.subject).toFixed(0)} vs ${median(rps.bare).toFixed(0)} req/s (median); per round ${list(ratios)}` +
          failed(failures.subject + failures.bare),
      );
    }
  } finally {
    await ours.close();
    await baseline.close();
    await service.close();
  }
}
