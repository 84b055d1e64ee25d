import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const guides = join(root, 'docs/guides');
// Inside the repository, so blocks resolve workspace packages like an integrator's code would.
const scratch = join(root, 'docs/.runnable');

/** Every ```ts runnable block of every guide, in order. */
function blocks(): Array<{ name: string; code: string }> {
  const found: Array<{ name: string; code: string }> = [];
  for (const file of readdirSync(guides)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const text = readFileSync(join(guides, file), 'utf8');
    let index = 0;
    for (const match of text.matchAll(/^```ts runnable\n([\s\S]*?)^```$/gm)) {
      found.push({ name: `${file} #${++index}`, code: match[1]! });
    }
  }
  return found;
}

describe('runnable code blocks of the guides', () => {
  const all = blocks();
  mkdirSync(scratch, { recursive: true });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds runnable blocks', () => {
    expect(all.length).toBeGreaterThan(3);
  });

  it.each(all)('$name runs without error', async ({ name, code }) => {
    const file = join(scratch, `${name.replace(/[^\w]+/g, '-')}.ts`);
    writeFileSync(file, `${code}\nexport {};\n`);
    const tsx = join(root, 'node_modules/.bin/tsx');
    const result = await run(tsx, ['--tsconfig', join(root, 'tsconfig.json'), file], {
      cwd: root,
      timeout: 90_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => error);
    expect('stderr' in result && 'code' in result ? `${result.message}\n${result.stderr}` : '').toBe('');
  });
});
