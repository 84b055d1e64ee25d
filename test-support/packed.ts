/**
 * The packages as users get them: `npm pack` each built workspace package, install the tarballs
 * into a temporary project, and type-check or run a consumer file there. Used by the tarball test
 * (`packages/sdk/test/packed.test.ts`) and the install-size and typecheck sections of `npm run bench`.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The TypeScript compiler of the repository, run with `node`. */
export const tscBin = join(repoRoot, 'node_modules/typescript/bin/tsc');

/** Packs the built workspace packages (`dist` must exist); returns each package's tarball path. */
export async function packPackages(names: readonly string[], dest: string): Promise<Record<string, string>> {
  await mkdir(dest, { recursive: true });
  const args = ['pack', '--json', '--pack-destination', dest, ...names.flatMap((name) => ['-w', name])];
  const { stdout } = await run('npm', args, { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  const packed = JSON.parse(stdout) as { name: string; filename: string }[];
  return Object.fromEntries(packed.map((entry) => [entry.name, join(dest, entry.filename)]));
}

/** A temporary consumer project with the given tarballs (and registry packages) installed. */
export interface ConsumerProject {
  /** The project directory. */
  dir: string;
  /** Removes the project. */
  remove(): Promise<void>;
}

/**
 * Creates a project in a temporary directory and installs the tarballs as its dependencies, the
 * way `npm install ./leadbook-sdk-0.1.0.tgz` would (production dependencies only).
 */
export async function installConsumer(
  tarballs: Record<string, string>,
  extra: Record<string, string> = {},
  type: 'module' | 'commonjs' = 'module',
): Promise<ConsumerProject> {
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-consumer-'));
  const dependencies = {
    ...Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`])),
    ...extra,
  };
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type, dependencies }, null, 2),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--omit=dev'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The bytes of every file under a directory (what `du -sb` counts, without directory entries). */
export async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/** Runs the repository's `tsc` in a directory; resolves with its output and the elapsed time. */
export async function typecheck(
  dir: string,
  project = 'tsconfig.json',
): Promise<{ ok: boolean; output: string; elapsedMs: number }> {
  const started = performance.now();
  try {
    const { stdout } = await run(process.execPath, [tscBin, '-p', project], { cwd: dir });
    return { ok: true, output: stdout, elapsedMs: performance.now() - started };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}`, elapsedMs: performance.now() - started };
  }
}

/** A tsconfig for a consumer: strict, no emit, only the given file, no ambient `@types`. */
export function consumerTsconfig(
  file: string,
  moduleResolution: 'node16' | 'bundler',
  skipLibCheck: boolean,
): string {
  const module = moduleResolution === 'node16' ? 'node16' : 'esnext';
  return JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      lib: ['es2023', 'dom'],
      module,
      moduleResolution,
      strict: true,
      noEmit: true,
      skipLibCheck,
      types: [],
    },
    files: [file],
  });
}
