import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const packages = readdirSync(`${root}packages`);

describe.each(packages)('npm pack of packages/%s', (name) => {
  it('ships only built files, README, LICENSE and package.json', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: `${root}packages/${name}`,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const files = (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files.some((f) => f.startsWith('dist/') && f.endsWith('.d.ts'))).toBe(true);
    expect(files.filter((f) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(f))).toEqual([]);
  });
});
