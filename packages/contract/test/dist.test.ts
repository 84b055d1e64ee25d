import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
      "const c = await import('@leadbook/contract'); const o = await import('@leadbook/contract/openapi'); console.log(o.buildOpenApiDocument().info.version, typeof c.CalendarSchema.parse)",
      'module',
    );
    expect(out).toBe('2.16.0 function');
  });

  it('loads with require()', () => {
    const out = run(
      "const c = require('@leadbook/contract'); console.log(require('@leadbook/contract/openapi').buildOpenApiDocument().info.version, c.SCOPES.join(','))",
      'commonjs',
    );
    expect(out).toBe('2.16.0 read,write,admin');
  });

  it('loads the OpenAPI builder (an optional peer dependency) only from @leadbook/contract/openapi', () => {
    const dist = new URL('../dist/', import.meta.url);
    const loading = readdirSync(dist)
      .filter((file) => /\.(c?js)$/.test(file))
      .filter((file) =>
        /@anatine\/zod-openapi|openapi3-ts|"yaml"/.test(readFileSync(new URL(file, dist), 'utf8')),
      );
    expect(loading.sort()).toEqual(['openapi.cjs', 'openapi.js']);
  });
});
