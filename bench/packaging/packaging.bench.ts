/**
 * Issue 23 benchmark: what an SDK user installs and how long their type checker takes. Packs the
 * built `@leadbook/sdk`, installs the tarball into a new project, measures `node_modules`, and
 * type-checks a one-file consumer with `skipLibCheck` false and true (median of BENCH_TSC_RUNS runs,
 * default 3; `tsc --extendedDiagnostics` also gives the instantiation count, which load does not
 * change). Printed beside the figures of the packages before issue 23.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  consumerTsconfig,
  installConsumer,
  packPackages,
  sizeOf,
  typecheck,
} from '../../test-support/packed';
import { heading, median } from '../server/report';
import { BEFORE, CONSUMER, EMPTY_CONSUMER, GOALS } from './baselines';

const runs = Number(process.env.BENCH_TSC_RUNS ?? 3);

async function timeTypecheck(
  dir: string,
  file: string,
  skipLibCheck: boolean,
): Promise<{ ms: number; instantiations: number }> {
  const name = `tsconfig.${file}.${skipLibCheck ? 'skip' : 'full'}.json`;
  await writeFile(join(dir, name), consumerTsconfig(file, 'bundler', skipLibCheck));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await typecheck(dir, name);
    if (!result.ok) throw new Error(`The consumer does not type-check:\n${result.output}`);
    times.push(result.elapsedMs);
  }
  const diagnostics = await typecheck(dir, name, ['--extendedDiagnostics']);
  const instantiations = Number(/Instantiations:\s+(\d+)/.exec(diagnostics.output)?.[1] ?? NaN);
  return { ms: median(times), instantiations };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const verdict = (ok: boolean) => (ok ? 'goal met' : 'goal NOT met');

export async function benchPackaging(): Promise<void> {
  heading('SDK install size and consumer typecheck time (packed tarballs, one-file consumer)');
  const packDir = await mkdtemp(join(tmpdir(), 'leadbook-pack-'));
  const project = await installConsumer(await packPackages(['@leadbook/sdk'], packDir));
  try {
    const bytes = await sizeOf(join(project.dir, 'node_modules'));
    console.log(
      `  install size of @leadbook/sdk with dependencies: ${megabytes(bytes)} ` +
        `(before: ${megabytes(BEFORE.installBytes)}; goal <= ${megabytes(GOALS.installBytes)}: ` +
        `${verdict(bytes <= GOALS.installBytes)})`,
    );
    await writeFile(join(project.dir, 'consumer.ts'), CONSUMER);
    await writeFile(join(project.dir, 'empty.ts'), EMPTY_CONSUMER);
    for (const skipLibCheck of [false, true]) {
      const floor = await timeTypecheck(project.dir, 'empty.ts', skipLibCheck);
      const { ms, instantiations } = await timeTypecheck(project.dir, 'consumer.ts', skipLibCheck);
      const before = skipLibCheck ? BEFORE.skipLibCheck : BEFORE.fullCheck;
      const goal = skipLibCheck
        ? ''
        : `; goal <= ${seconds(GOALS.fullCheckMs)}: ${verdict(ms <= GOALS.fullCheckMs)}`;
      console.log(
        `  tsc, skipLibCheck ${skipLibCheck}: ${seconds(ms)} median of ${runs}, ${instantiations} instantiations ` +
          `(before: ${seconds(before.ms)}, ${before.instantiations} instantiations${goal}); ` +
          `floor, a file importing nothing: ${seconds(floor.ms)}`,
      );
    }
  } finally {
    await project.remove();
    await rm(packDir, { recursive: true, force: true });
  }
}
