/**
 * What the booking widget costs a page: packs the built `@leadbook/booking-widget` and
 * `@leadbook/sdk`, installs both tarballs into a new project, bundles `import '@leadbook/booking-widget'`
 * with esbuild (minified, for browsers, every dependency included) and gzips the result; also the
 * packed package's own script-tag file, `dist/leadbook-booking.js`. Goal: at most 25 KB min+gzip.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { heading } from '../lib/report';

const run = promisify(execFile);
const GOAL_BYTES = 25_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Packs a workspace package into `dir`; returns the tarball's path. */
async function pack(workspace: string, dir: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir, '-w', workspace], {
    cwd: root,
  });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return join(dir, filename);
}

/** Prints the widget's min+gzip size, bundled from the installed packages, and its script-tag file's. */
export async function benchWidgetSize(): Promise<void> {
  heading('Booking widget size (packed packages installed, bundled with esbuild, min+gzip)');
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-bench-widget-'));
  try {
    const dependencies = {
      '@leadbook/sdk': `file:${await pack('@leadbook/sdk', dir)}`,
      '@leadbook/booking-widget': `file:${await pack('@leadbook/booking-widget', dir)}`,
    };
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'page', private: true, type: 'module', dependencies }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--omit=dev'], { cwd: dir });
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
