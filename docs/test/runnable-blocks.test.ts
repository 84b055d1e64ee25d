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

/**
 * Every ```ts runnable block of every guide, in order, with the ```text output block that follows
 * it (before any other code block), if any: what the block must print.
 */
function blocks(): Array<{ name: string; code: string; output: string | undefined }> {
  const found: Array<{ name: string; code: string; output: string | undefined }> = [];
  for (const file of readdirSync(guides)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const text = readFileSync(join(guides, file), 'utf8');
    let index = 0;
    const fences = [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)];
    for (const [i, [, info, body]] of fences.entries()) {
      if (info !== 'ts runnable') continue;
      const next = fences[i + 1];
      const output = next?.[1] === 'text output' ? next[2] : undefined;
      found.push({ name: `${file} #${++index}`, code: body!, output });
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

  it("finds the seed guide's block and what it prints: a booking", () => {
    const seed = all.find(
      (block) =>
        block.name.startsWith('mounting-the-server.md') &&
        block.code.includes('service.admin.seed') &&
        block.output,
    );
    expect(seed?.output).toMatch(/^Booked \S+ for Ada/);
  });

  it.each(all)('$name runs without error (and prints its output block)', async ({ name, code, output }) => {
    const file = join(scratch, `${name.replace(/[^\w]+/g, '-')}.ts`);
    writeFileSync(file, `${code}\nexport {};\n`);
    const tsx = join(root, 'node_modules/.bin/tsx');
    const result = await run(tsx, ['--tsconfig', join(root, 'tsconfig.json'), file], {
      cwd: root,
      timeout: 90_000,
    }).catch((error: { stdout?: string; stderr?: string; message: string }) => error);
    expect('stderr' in result && 'code' in result ? `${result.message}\n${result.stderr}` : '').toBe('');
    if (output !== undefined && 'stdout' in result) expect(result.stdout).toBe(output);
  });
});
