/**
 * The SDK as users install it: `npm pack`, install the tarball into a new project, type-check a
 * one-file consumer under `moduleResolution` node16 (ESM and CommonJS files) and bundler with
 * `skipLibCheck: false`, and load it with `import()` and `require()`. Needs the built package (`npm
 * test` builds first).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumerTsconfig,
  installConsumer,
  packPackages,
  sizeOf,
  typecheck,
  type ConsumerProject,
} from '../../../test-support/packed';
import packageJson from '../package.json';

const run = promisify(execFile);

/** Uses the main entry's clients, named types, `withResponse()` and the public form entry. */
const CONSUMER = `
import { ConnectClient, isSlotUnavailableError, type Calendar, type CalendarBooking, type WithResponse } from '@leadbook/sdk';
import { PublicFormClient, type PublicFormConfig } from '@leadbook/sdk/public-form';

const client = new ConnectClient({ baseUrl: 'http://localhost:3000', apiToken: 'service_live_x' });

export async function book(): Promise<CalendarBooking | undefined> {
  const calendars: Calendar[] = await client.calendars.list();
  const { data: pool, requestId }: WithResponse<{ id: string }> = await client.tables.get('t').withResponse();
  const lead = await client.leads.create({ tableId: pool.id, leadStateId: 's', data: { firstName: 'Ada' } });
  try {
    const { booking } = await client.bookFirstAvailable(
      { calendarId: calendars[0]!.id, appointmentTypeId: 'a', start: new Date(), end: new Date(), entryId: lead.id },
      { timeout: 5000, headers: { 'x-trace': String(requestId) } },
    );
    return booking;
  } catch (error) {
    if (isSlotUnavailableError(error)) return undefined;
    throw error;
  }
}

export const config = (): Promise<PublicFormConfig> => new PublicFormClient({ baseUrl: '/', formId: 'f' }).config();
`;

/** The same through \`require\` (a \`.cts\` file resolves the package's \`require\` condition). */
const CJS_CONSUMER = `
import sdk = require('@leadbook/sdk');
const client: sdk.ConnectClient = new sdk.ConnectClient({ baseUrl: 'http://localhost:3000', apiToken: 'x' });
export const list = (): Promise<sdk.Calendar[]> => client.calendars.list();
`;

let packed: Record<string, string>;
let project: ConsumerProject;
let packDir: string;

beforeAll(async () => {
  packDir = await mkdtemp(join(tmpdir(), 'leadbook-pack-'));
  packed = await packPackages(['@leadbook/sdk'], packDir);
  project = await installConsumer(packed);
  await writeFile(join(project.dir, 'consumer.ts'), CONSUMER);
  await writeFile(join(project.dir, 'consumer-cjs.cts'), CJS_CONSUMER);
}, 180_000);

afterAll(async () => {
  await project?.remove();
  await rm(packDir, { recursive: true, force: true });
});

describe('the packed @leadbook/sdk', () => {
  it('installs without zod, the contract or the OpenAPI builder', async () => {
    const modules = join(project.dir, 'node_modules');
    for (const name of ['zod', '@leadbook/contract', '@anatine/zod-openapi', 'openapi3-ts', 'yaml']) {
      expect(existsSync(join(modules, name)), name).toBe(false);
    }
    const bytes = await sizeOf(modules);
    // eslint-disable-next-line no-console -- the figure belongs in the test log
    console.log(`@leadbook/sdk installed with its dependencies: ${(bytes / 1e6).toFixed(2)} MB`);
  });

  it.each(['node16', 'bundler'] as const)(
    'type-checks a one-file consumer under moduleResolution %s with skipLibCheck false',
    async (resolution) => {
      const files = resolution === 'node16' ? ['consumer.ts', 'consumer-cjs.cts'] : ['consumer.ts'];
      const config = JSON.parse(consumerTsconfig(files[0]!, resolution, false)) as { files: string[] };
      config.files = files;
      await writeFile(join(project.dir, `tsconfig.${resolution}.json`), JSON.stringify(config));
      const result = await typecheck(project.dir, `tsconfig.${resolution}.json`);
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    },
    120_000,
  );

  it('rejects a wrong field in the consumer (the check can fail)', async () => {
    await writeFile(
      join(project.dir, 'wrong.ts'),
      "import { ConnectClient } from '@leadbook/sdk';\n" +
        "void new ConnectClient({ apiToken: 'x' }).leads.create({ tableId: 't', data: {} });\n",
    );
    await writeFile(join(project.dir, 'tsconfig.wrong.json'), consumerTsconfig('wrong.ts', 'bundler', true));
    const result = await typecheck(project.dir, 'tsconfig.wrong.json');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/leadStateId/);
  }, 120_000);

  it('loads with import() and require(), validates responses with the bundled schemas, and names its version', async () => {
    // A calendar list with a numeric id: the bundled contract schema must refuse it.
    const script = (load: string) =>
      `${load}.then(async (sdk) => {
        let agent;
        const fetch = async (request) => {
          agent = request.headers.get('user-agent');
          return new Response('[{"id":1}]', { headers: { 'content-type': 'application/json' } });
        };
        const client = new sdk.ConnectClient({ baseUrl: 'http://localhost', apiToken: 't', fetch, maxRetries: 0 });
        const refused = await client.calendars.list().then(() => false, (error) => sdk.isResponseValidationError(error));
        console.log(typeof sdk.PublicFormClient, typeof sdk.ApiPromise, refused, agent);
      })`;
    const esm = await run(
      process.execPath,
      ['--input-type=module', '-e', script("import('@leadbook/sdk')")],
      {
        cwd: project.dir,
      },
    );
    const cjs = await run(
      process.execPath,
      ['--input-type=commonjs', '-e', script("Promise.resolve(require('@leadbook/sdk'))")],
      { cwd: project.dir },
    );
    // The version of the package.json the build was made from, not a constant kept by hand.
    const agent = `leadbook-sdk/${packageJson.version} node/${process.versions.node}`;
    expect(esm.stdout.trim()).toBe(`function function true ${agent}`);
    expect(cjs.stdout.trim()).toBe(`function function true ${agent}`);
  }, 60_000);
});
