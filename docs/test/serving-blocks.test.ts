import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so blocks resolve workspace packages like an integrator's code would.
const scratch = join(root, 'docs/.serving');

/**
 * The ```ts serving blocks of the READMEs: quick starts that mount the server on `PORT`, seed an
 * organization, print its token and call the API, then keep serving (the test stops them).
 */
const sources = ['README.md', 'packages/server/README.md'];
const blocks = sources.flatMap((source) =>
  [...readFileSync(join(root, source), 'utf8').matchAll(/^```ts serving\n([\s\S]*?)^```$/gm)].map(
    (match, i) => ({ name: `${source} #${i + 1}`, code: match[1]! }),
  ),
);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('quick-start blocks of the READMEs', () => {
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds one in the root README and one in the server README', () => {
    expect(blocks.map((block) => block.name)).toEqual(['README.md #1', 'packages/server/README.md #1']);
  });

  it.each(blocks)('$name prints a token and the seeded calendar it reads with it', async ({ name, code }) => {
    const file = join(scratch, `${name.replace(/[^\w]+/g, '-')}.ts`);
    writeFileSync(file, `${code}\nexport {};\n`);
    const child = spawn(
      join(root, 'node_modules/.bin/tsx'),
      ['--tsconfig', join(root, 'tsconfig.json'), file],
      {
        cwd: root,
        env: { ...process.env, PORT: String(await freePort()) },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (let i = 0; i < 600 && !output.includes('Europe/Berlin') && child.exitCode === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    const token = /API token: (service_live_[0-9a-f]{64})/.exec(output)?.[1];
    expect(token, output).toBeDefined();
    expect(output).toMatch(/name: 'Main'/);
    expect(output).toMatch(/tzdata: 'Europe\/Berlin'/);
  });
});
