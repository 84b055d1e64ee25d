/**
 * Section headings for `npm run bench`: every section prints the machine's load average as it
 * starts and as it ends, so a figure measured on a busy shared machine says so beside it.
 */
import { loadavg } from 'node:os';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** The heap in use and the memory outside it (ArrayBuffers, sql.js), e.g. `heap 41 MB, external 120 MB`. */
export function memoryInUse(): string {
  const { heapUsed, external } = process.memoryUsage();
  return `heap ${mb(heapUsed)}, external ${mb(external)}`;
}

/** The middle value of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/** The 1, 5 and 15 minute load averages, e.g. `1.52 1.31 0.90`. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** Prints a section's heading and the load average as it starts. */
export function heading(title: string): void {
  console.log(`\n## ${title}\n  load average at the start: ${loadAverage()}; ${memoryInUse()}`);
}

/** Runs one section of the bench, then prints the load average as it ends. */
export async function runSection(bench: () => Promise<void>): Promise<void> {
  try {
    await bench();
  } finally {
    console.log(`  load average at the end: ${loadAverage()}; ${memoryInUse()}`);
  }
}
