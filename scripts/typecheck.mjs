// `npm run typecheck`: `tsc` over every workspace that has a `typecheck` script, two at a time
// (or one per CPU where there are more). Each workspace is its own TypeScript program, so they
// need no order; run one after another they took 138 s on a 2-core CI machine. Each workspace's
// output is printed when it finishes; the exit code is non-zero when any of them fails.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workspaces = ['packages', 'examples']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
  .concat('bench', 'soak')
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .filter((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck);

const run = (dir) =>
  new Promise((resolve) => {
    const started = Date.now();
    execFile('npm', ['run', 'typecheck', '--silent'], { cwd: join(root, dir) }, (error, stdout, stderr) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${error ? 'FAIL' : 'ok  '} ${dir} (${seconds} s)`);
      if (error) process.stdout.write(`${stdout}${stderr}`);
      resolve(!error);
    });
  });

const queue = [...workspaces];
const worker = async () => {
  let ok = true;
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) ok = (await run(dir)) && ok;
  return ok;
};
const lanes = Math.min(queue.length, Math.max(2, availableParallelism()));
const results = await Promise.all(Array.from({ length: lanes }, worker));
if (results.includes(false)) process.exitCode = 1;
