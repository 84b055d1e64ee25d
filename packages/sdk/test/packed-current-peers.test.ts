/**
 * The packed SDK and server installed into a project that already has the msw and vitest majors the
 * repository tests with (the current ones): the optional peer ranges must accept them (npm refuses
 * the install with ERESOLVE otherwise), only the project's own copies are installed, and a vitest
 * test there drives `@leadbook/sdk/testing`'s msw handlers. Needs the built packages (`npm test`
 * builds first).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installConsumer, packPackages, repoRoot, type ConsumerProject } from '../../../test-support/packed';
import sdkPackageJson from '../package.json';

const run = promisify(execFile);

const rootPackageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
/** The ranges the repository itself installs: the majors every test here runs against. */
const current = {
  msw: sdkPackageJson.devDependencies.msw,
  vitest: rootPackageJson.devDependencies['vitest']!,
};

const CONSUMER_TEST = `
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConnectClient } from '@leadbook/sdk';
import { createMockLeadbook, MOCK_TOKENS } from '@leadbook/sdk/testing';

const mock = await createMockLeadbook();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(async () => {
  server.close();
  await mock.close();
});

it('reads the seeded calendars through the msw handlers', async () => {
  const client = new ConnectClient({ baseUrl: mock.baseUrl, apiToken: MOCK_TOKENS.read });
  const calendars = await client.calendars.list();
  expect(calendars.length).toBeGreaterThan(0);
});
`;

const major = (dir: string, name: string) =>
  (
    JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
  ).version.split('.')[0];

let project: ConsumerProject;
let packDir: string;

beforeAll(async () => {
  packDir = await mkdtemp(join(tmpdir(), 'leadbook-pack-'));
  const packed = await packPackages(['@leadbook/sdk', '@leadbook/server', '@leadbook/contract'], packDir);
  project = await installConsumer(packed, current);
  await writeFile(join(project.dir, 'consumer.test.ts'), CONSUMER_TEST);
}, 300_000);

afterAll(async () => {
  await project?.remove();
  await rm(packDir, { recursive: true, force: true });
});

describe('the packed SDK in a project with the current msw and vitest', () => {
  it('installs beside them without a second copy', () => {
    expect(major(project.dir, 'msw')).toBe(/\d+/.exec(current.msw)![0]);
    expect(major(project.dir, 'vitest')).toBe(/\d+/.exec(current.vitest)![0]);
    for (const name of ['@leadbook/sdk', '@leadbook/server']) {
      expect(existsSync(join(project.dir, 'node_modules', name, 'node_modules/msw')), name).toBe(false);
      expect(existsSync(join(project.dir, 'node_modules', name, 'node_modules/vitest')), name).toBe(false);
    }
  });

  it("runs the project's vitest test on @leadbook/sdk/testing", async () => {
    // The child vitest is a run of its own, not a worker of this one.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(VITEST|TINYPOOL)/.test(name)),
    );
    const { stdout } = await run(
      process.execPath,
      [
        join(project.dir, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        project.dir,
        '--reporter',
        'verbose',
      ],
      { cwd: project.dir, env: { ...env, NODE_ENV: 'test' } },
    );
    expect(stdout).toMatch(/reads the seeded calendars through the msw handlers/);
    expect(stdout).toMatch(/1 passed/);
  }, 120_000);
});
