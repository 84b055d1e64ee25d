/**
 * Installs packed workspaces the way a user installs them from the registry.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** Runs a command; resolves with its output. */
export const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Packs each built workspace into `dir` and installs the tarballs there as a new project's dependencies. */
export async function installPacked(dir: string, workspaces: readonly string[]): Promise<void> {
  const dependencies: Record<string, string> = {};
  for (const workspace of workspaces) {
    const pack = ['pack', '--json', '--pack-destination', dir, '-w', workspace];
    const [{ filename }] = JSON.parse((await run('npm', pack, { cwd: root })).stdout) as [
      { filename: string },
    ];
    dependencies[workspace] = `file:${join(dir, filename)}`;
  }
  const project = { name: 'consumer', private: true, type: 'module', dependencies };
  await writeFile(join(dir, 'package.json'), JSON.stringify(project));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--omit=dev'], { cwd: dir });
}
