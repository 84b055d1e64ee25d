import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { root } from './code-blocks';

/**
 * The request samples of the HTTP API reference (`x-codeSamples` of docs/openapi.json): each SDK
 * sample, run against a fetch that records what it is asked, sends the request its curl command
 * sends (method, path, query and JSON body). `typecheck-blocks.test.ts` type-checks the samples.
 */
interface Operation {
  operationId: string;
  'x-codeSamples': Array<{ label: string; source: string }>;
}
const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const samples = Object.values(document.paths).flatMap((item) =>
  Object.values(item).map((op) => {
    const [curl, sdk] = op['x-codeSamples'];
    return { id: op.operationId, curl: curl!.source, sdk: sdk!.source };
  }),
);
const BASE = 'https://leadbook.example.com';

/** What a curl command sends: method, URL and JSON body. */
function curlRequest(command: string) {
  const url = new URL(
    /"(\$LEADBOOK_BASE_URL|https:[^"]*?)([^"]*)"/
      .exec(command)!
      .slice(1)
      .join('')
      .replace('$LEADBOOK_BASE_URL', BASE),
  );
  const body = /-d '([\s\S]*)'$/.exec(command)?.[1];
  return {
    method: /-X (\w+)/.exec(command)?.[1] ?? 'GET',
    path: url.pathname,
    query: [...url.searchParams].sort(),
    body: body === undefined ? undefined : (JSON.parse(body) as unknown),
  };
}

// Inside the repository, so the samples import `@leadbook/sdk` as an integrator's code does.
const scratch = join(root, 'docs/.samples');

describe('the request samples of the HTTP API reference', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('cover every operation', () => {
    expect(samples.length).toBe(Object.values(document.paths).flatMap((item) => Object.values(item)).length);
  });

  it.each(samples)('$id: the SDK sample sends what the curl command sends', async ({ id, curl, sdk }) => {
    vi.stubEnv('LEADBOOK_BASE_URL', BASE);
    vi.stubEnv('LEADBOOK_API_TOKEN', `service_live_${'a'.repeat(64)}`);
    vi.stubEnv('LEADBOOK_INGRESS_TOKEN', 'b'.repeat(64));
    const sent: Array<{ method: string; path: string; query: string[][]; body: unknown }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      sent.push({
        method: request.method,
        path: url.pathname,
        query: [...url.searchParams].sort(),
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      });
      // Not retried: the sample stops at its first request.
      return Response.json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, { status: 404 });
    });
    const file = join(scratch, `${id}.ts`);
    writeFileSync(file, `${sdk}\nexport {};\n`);
    await import(/* @vite-ignore */ file).catch(() => undefined);
    expect(sent[0]).toEqual(curlRequest(curl));
  });
});
