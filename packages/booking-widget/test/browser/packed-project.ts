/**
 * A new project with the packed package: `npm pack` of the widget and the SDK, unpacked into the
 * project's `node_modules`, and an app of the project built with Vite. The project lies inside the
 * repository, so the app's other packages (react, vue, svelte, ky) resolve from its node_modules
 * while the widget and the SDK resolve to the unpacked tarballs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PluginOption } from 'vite';
import { OUTPUT } from './harness';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Whether the packages are built: `npm pack` packs what was built (npm test builds every workspace
 * first).
 */
export const built = [
  'packages/booking-widget/dist/leadbook-booking.js',
  'packages/sdk/dist/public-form/index.js',
].every((file) => existsSync(join(root, file)));

/** Packs the SDK and the widget into a new project under the test output; returns its folder. */
export async function packedProject(): Promise<string> {
  mkdirSync(OUTPUT, { recursive: true });
  const dir = mkdtempSync(join(OUTPUT, 'packed-'));
  for (const [workspace, name] of [
    ['@leadbook/sdk', 'sdk'],
    ['@leadbook/booking-widget', 'booking-widget'],
  ] as const) {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir, '-w', workspace], {
      cwd: root,
    });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    const into = join(dir, 'node_modules/@leadbook', name);
    mkdirSync(into, { recursive: true });
    await run('tar', ['-xzf', join(dir, filename), '-C', into, '--strip-components=1']);
  }
  return dir;
}

/**
 * Writes `files` (paths relative to the app) into `<project>/<name>` and builds the app with Vite
 * and `plugins` for the base `/<name>/`; returns the folder to serve there.
 */
export async function buildApp(
  project: string,
  name: string,
  files: Record<string, string>,
  plugins: PluginOption[] = [],
): Promise<string> {
  const app = join(project, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  const { build } = await import('vite');
  await build({
    root: app,
    base: `/${name}/`,
    logLevel: 'warn',
    configFile: false,
    plugins,
    build: { outDir: 'dist' },
  });
  return join(app, 'dist');
}
