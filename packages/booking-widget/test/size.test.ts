/**
 * The size budget, checked on every test run (the bench measures the packed package): the widget
 * with everything it imports, minified and gzipped, stays at most 25 KB.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('weighs at most 25 KB min+gzip with the SDK public-form entry and ky', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/leadbook-booking.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)),
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  // The SDK's browser entry and ky are in the bundle: the figure is the page's whole cost.
  expect(inputs.some((path) => path.includes('sdk/src/public-form/client.ts'))).toBe(true);
  expect(inputs.some((path) => path.includes('node_modules/ky/'))).toBe(true);
  expect(gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length).toBeLessThanOrEqual(25_000);
});
