/**
 * What `npm run bench` prints: section headings, and one row per figure with its goal's verdict
 * and the machine's load average beside it, since a figure measured on a busy machine says so.
 *
 * @module
 */
import { loadavg } from 'node:os';

/** The middle value of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/** The median of the per-round ratios `subject[i] / baseline[i]`. */
export function medianRatio(subject: readonly number[], baseline: readonly number[]): number {
  return median(subject.map((value, round) => value / baseline[round]!));
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

/** A ratio's goal: at least or at most `x`. */
export interface Goal {
  op: '>=' | '<=';
  x: number;
}

/** Whether `ratio` meets `goal`. */
export const meets = (ratio: number, goal: Goal): boolean =>
  goal.op === '>=' ? ratio >= goal.x : ratio <= goal.x;

/**
 * Prints one figure: its label, the ratio, the goal and its verdict (or "no goal"), the 1-minute
 * load average now, then `detail` (what was measured) on the next line.
 */
export function figure(label: string, ratio: number, goal: Goal | undefined, detail: string): void {
  const verdict = goal ? `goal ${goal.op} ${goal.x}x: ${meets(ratio, goal) ? 'meets' : 'MISSES'}` : 'no goal';
  const load = loadavg()[0]!.toFixed(2);
  console.log(`${label.padEnd(52)} ${`${ratio.toFixed(2)}x`.padStart(9)}  (${verdict})  load ${load}`);
  console.log(`  ${detail}`);
}

/** Per-round values, e.g. `1.02, 0.97, 1.10`. */
export const list = (values: readonly number[], digits = 2): string =>
  values.map((value) => value.toFixed(digits)).join(', ');

/** A note of `count` failed requests (non-2xx or errors), or nothing when there were none. */
export const failed = (count: number): string => (count > 0 ? `; ${count} FAILED REQUESTS` : '');
