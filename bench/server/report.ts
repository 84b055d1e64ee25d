/**
 * Section headings for `npm run bench`: every section prints the machine's load average as it
 * starts and as it ends, so a figure measured on a busy shared machine says so beside it.
 */
import { loadavg } from 'node:os';

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
  console.log(`\n## ${title}\n  load average at the start: ${loadAverage()}`);
}

/** Runs one section of the bench, then prints the load average as it ends. */
export async function runSection(bench: () => Promise<void>): Promise<void> {
  try {
    await bench();
  } finally {
    console.log(`  load average at the end: ${loadAverage()}`);
  }
}
