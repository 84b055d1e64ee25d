/**
 * What the booking widget costs a page: packs the built `@leadbook/booking-widget` and
 * `@leadbook/sdk`, installs both tarballs into a new project, bundles `import '@leadbook/booking-widget'`
 * with esbuild (minified, for browsers, every dependency included) and gzips the result; also the
 * packed package's own script-tag file, `dist/leadbook-booking.js`. Goal: at most 25 KB min+gzip.
 *
 * @module
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { installPacked } from '../lib/packed';
import { heading } from '../lib/report';

const GOAL_BYTES = 25_000;

const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Prints the widget's min+gzip size, bundled from the installed packages, and its script-tag file's. */
export async function benchWidgetSize(): Promise<void> {
  heading('Booking widget size (packed packages installed, bundled with esbuild, min+gzip)');
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-bench-widget-'));
  try {
    await installPacked(dir, ['@leadbook/sdk', '@leadbook/booking-widget']);
    await writeFile(join(dir, 'page.js'), "import '@leadbook/booking-widget';\n");
    const result = await build({
      entryPoints: [join(dir, 'page.js')],
      absWorkingDir: dir,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
    });
    const bundled = gzipped(result.outputFiles[0]!.contents);
    const script = gzipped(
      await readFile(join(dir, 'node_modules/@leadbook/booking-widget/dist/leadbook-booking.js')),
    );
    const verdict = (bytes: number) => (bytes <= GOAL_BYTES ? 'meets' : 'MISSES');
    console.log(
      `  widget with its dependencies (SDK public-form entry, ky): ${kb(bundled)} ` +
        `(goal <= ${kb(GOAL_BYTES)}: ${verdict(bundled)})`,
    );
    console.log(`  its script-tag file dist/leadbook-booking.js: ${kb(script)} (${verdict(script)})`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
