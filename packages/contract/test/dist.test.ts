import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = (code: string, type: 'module' | 'commonjs') =>
  execFileSync(process.execPath, [`--input-type=${type}`, '-e', code], {
    cwd: root,
    encoding: 'utf8',
  }).trim();

describe('the built package', () => {
  it('has been built (npm test builds before it runs the tests)', () => {
    expect(existsSync(new URL('../dist/index.js', import.meta.url))).toBe(true);
  });

  it('loads with import()', () => {
    const out = run(
      "const c = await import('@leadbook/contract'); console.log(c.buildOpenApiDocument().info.version, typeof c.CalendarSchema.parse)",
      'module',
    );
    expect(out).toBe('2.16.0 function');
  });

  it('loads with require()', () => {
    const out = run(
      "const c = require('@leadbook/contract'); console.log(c.buildOpenApiDocument().info.version, c.SCOPES.join(','))",
      'commonjs',
    );
    expect(out).toBe('2.16.0 read,write,admin');
  });
});
