/**
 * `npm start`: migrates the database and seeds the demo once, then starts one instance per port
 * (PORTS, default 3001 and 3002) on the same database, prints their URLs and the demo tokens, and
 * stops them on Ctrl-C.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createConnectService, type Scheduler } from '@leadbook/server';
import { createPostgresStorage } from '@leadbook/storage-postgres';
import { databaseUrl, schema } from './config';
import { seedDemo, type DemoData } from './demo';

const ports = (process.env['PORTS'] ?? '3001,3002').split(',').map((port) => port.trim());

// Seeding schedules no jobs, so the seeding service needs no scheduler: the instances run them.
const noJobs: Scheduler = {
  schedule: async () => undefined,
  cancel: async () => false,
  start: async () => undefined,
  stop: async () => undefined,
};
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let demo: DemoData;
try {
  // createPostgresStorage migrates (under an advisory lock, so instances starting together are safe too).
  const seeder = await createConnectService({
    storage: await createPostgresStorage({ pool, schema }),
    scheduler: noJobs,
  });
  demo = await seedDemo(seeder);
  await seeder.close();
} catch (error) {
  console.error(`Could not prepare the database at ${databaseUrl}: ${String(error)}`);
  console.error('Start PostgreSQL or set DATABASE_URL (see README.md).');
  process.exit(1);
} finally {
  await pool.end();
}

const instanceScript = fileURLToPath(new URL('./instance.ts', import.meta.url));
const children: ChildProcess[] = [];

/** Starts one instance and resolves its URL once it listens. */
function startInstance(port: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', instanceScript], {
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the instance on port ${port} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        try {
          const { listening } = JSON.parse(line) as { listening?: string };
          if (listening) resolve(listening);
        } catch {
          console.log(line);
        }
      }
    });
  });
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);

let urls: string[];
try {
  urls = await Promise.all(ports.map(startInstance));
} catch (error) {
  console.error(String(error));
  stop();
  process.exit(1);
}

console.log(
  `Leadbook: ${urls.length} instances on ${databaseUrl.replace(/\/\/[^@]*@/, '//')} (schema ${schema})`,
);
for (const url of urls) console.log(`  ${url}`);
console.log(`Organization: ${demo.organizationId}`);
console.log('Tokens (demo only, a new organization at every start):');
for (const [scope, token] of Object.entries(demo.tokens)) console.log(`  ${scope.padEnd(5)} ${token}`);
console.log(`Public form: ${urls[0]}/public/forms/${demo.formId}/config (on every instance)`);
console.log(`Try: curl -H "Authorization: Bearer ${demo.tokens.read}" ${urls.at(-1)}/connect/calendar/`);
if (process.env['LEADBOOK_DEMO_OUT']) {
  writeFileSync(process.env['LEADBOOK_DEMO_OUT'], `${JSON.stringify({ urls, ...demo }, null, 2)}\n`);
}

// Exit once every instance has exited (after Ctrl-C, or if one fails).
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
