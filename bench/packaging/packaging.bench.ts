/**
 * What an SDK user installs and how long their type checker takes: packs the built
 * `@leadbook/sdk`, installs the tarball into a new project, measures its `node_modules`, and
 * type-checks a one-file consumer beside a file importing nothing (median of BENCH_TSC_RUNS,
 * default 3).
 *
 * @module
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installPacked, run } from '../lib/packed';
import { heading, loadAverage, median } from '../lib/report';
import { benchWidgetSize } from './widget-size.bench';

const RUNS = Number(process.env.BENCH_TSC_RUNS ?? 3);
const GOALS = { installBytes: 3_000_000, fullCheckMs: 3_000 };
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const CONSUMER = `
import { ConnectClient, type CalendarBooking, isSlotUnavailableError } from '@leadbook/sdk';

const client = new ConnectClient({ baseUrl: 'http://localhost:3000', apiToken: 'service_live_x' });

export async function main(): Promise<CalendarBooking | undefined> {
  const [calendar] = await client.calendars.list();
  if (!calendar) return undefined;
  const lead = await client.leads.create({ tableId: 't', leadStateId: 's', data: { firstName: 'Ada' } });
  const { data: [slot] } = await client.availability.search({
    calendarId: calendar.id, appointmentTypeId: 'a', start: new Date(), end: new Date(), onlyAvailable: true,
  });
  if (!slot) return undefined;
  try {
    return await client.bookings.create({
      calendarId: calendar.id, appointmentTypeId: 'a', resourceId: slot.resourceId,
      resourceSlotId: slot.resourceSlotId, startDateTime: slot.startDateTime, endDateTime: slot.endDateTime, entryId: lead.id,
    });
  } catch (error) {
    if (isSlotUnavailableError(error)) return undefined;
    throw error;
  }
}
`;

/** The bytes of every file under `path`. */
async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/** Median milliseconds of `tsc` on `file` in `dir`. */
async function typecheck(dir: string, file: string, skipLibCheck: boolean): Promise<number> {
  const compilerOptions = {
    target: 'es2022',
    lib: ['es2023', 'dom'],
    module: 'esnext',
    moduleResolution: 'bundler',
  };
  const project = join(dir, `tsconfig.${file}.${skipLibCheck}.json`);
  const options = { ...compilerOptions, strict: true, noEmit: true, skipLibCheck, types: [] };
  await writeFile(project, JSON.stringify({ compilerOptions: options, files: [file] }));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(process.execPath, [tsc, '-p', project], { cwd: dir });
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Prints the SDK's install size and the consumer's typecheck times, then the booking widget's size. */
export async function benchPackaging(): Promise<void> {
  heading('SDK install size and consumer typecheck (packed tarball, one-file consumer)');
  const dir = await mkdtemp(join(tmpdir(), 'leadbook-bench-sdk-'));
  try {
    await installPacked(dir, ['@leadbook/sdk']);
    const bytes = await sizeOf(join(dir, 'node_modules'));
    const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
    console.log(
      `  install size with dependencies: ${(bytes / 1e6).toFixed(2)} MB (goal <= ${GOALS.installBytes / 1e6} MB: ${verdict(bytes <= GOALS.installBytes)})`,
    );
    await writeFile(join(dir, 'consumer.ts'), CONSUMER);
    await writeFile(join(dir, 'empty.ts'), 'export {};\n');
    for (const skipLibCheck of [false, true]) {
      const ms = await typecheck(dir, 'consumer.ts', skipLibCheck);
      const empty = await typecheck(dir, 'empty.ts', skipLibCheck);
      const goal = skipLibCheck
        ? 'no goal'
        : `goal <= ${GOALS.fullCheckMs / 1000} s: ${verdict(ms <= GOALS.fullCheckMs)}`;
      console.log(
        `  tsc, skipLibCheck ${skipLibCheck}: ${(ms / 1000).toFixed(2)} s (${goal}); a file importing nothing: ${(empty / 1000).toFixed(2)} s, ` +
          `so the SDK's share is ${((ms - empty) / 1000).toFixed(2)} s; load ${loadAverage()}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await benchWidgetSize();
}
