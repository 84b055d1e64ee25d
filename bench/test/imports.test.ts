import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('..', import.meta.url));
/** The public entry points of the workspace packages the bench may import. */
const PUBLIC = new Set([
  '@leadbook/booking-widget',
  '@leadbook/contract',
  '@leadbook/sdk',
  '@leadbook/server',
  '@leadbook/server/sql',
  '@leadbook/server/studio',
  '@leadbook/server/testing',
  '@leadbook/storage-postgres',
]);

/** The import specifiers of a file that reach past the bench's public boundary. */
function forbiddenImports(source: string, file: string): string[] {
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.filter((specifier) => {
    if (specifier.startsWith('.')) return relative(bench, resolve(dirname(file), specifier)).startsWith('..');
    if (specifier.startsWith('@leadbook/')) return !PUBLIC.has(specifier);
    return /(^|\/)(src|test)(\/|$)/.test(specifier);
  });
}

/** Every source file of the bench but this test (its examples are forbidden imports) and the vitest config (tooling). */
const skipped = new Set(['test/imports.test.ts', 'vitest.config.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !skipped.has(relative(bench, path)) ? [path] : [];
  });
}

describe('bench imports', () => {
  it('imports only public entry points and files inside bench/', () => {
    const found = sources(bench).flatMap((file) =>
      forbiddenImports(readFileSync(file, 'utf8'), file).map(
        (specifier) => `${relative(bench, file)}: ${specifier}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('catches a relative import out of bench/, a package internal and a test helper', () => {
    const file = join(bench, 'http', 'example.ts');
    const source = [
      "import { listen } from '../lib/http';",
      "import { createBooking } from '../../packages/server/src/usecases/bookings';",
      "import type { X } from '@leadbook/server/src/ports/records';",
      "const helper = await import('some-lib/test/helper');",
      "import { createConnectService } from '@leadbook/server';",
    ].join('\n');
    expect(forbiddenImports(source, file)).toEqual([
      '../../packages/server/src/usecases/bookings',
      '@leadbook/server/src/ports/records',
      'some-lib/test/helper',
    ]);
  });
});
