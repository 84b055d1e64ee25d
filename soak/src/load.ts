/**
 * The load generator: starts one operation of the mix every `1000 / rate` ms (an open loop, so a
 * slow service does not slow the load down), each chosen with the seeded stream by its weight,
 * with a bound on operations in flight.
 *
 * @module
 */
import { OPERATIONS, type OperationContext } from './operations';

/** Operations in flight at most; one due while this many run is skipped and counted. */
const MAX_IN_FLIGHT = 48;

/** What a load run did. */
export interface LoadSummary {
  /** Operations started, by name. */
  started: Record<string, number>;
  /** Operations skipped because too many were in flight. */
  shed: number;
  /** Operations that threw (a bug of the soak, reported). */
  crashed: string[];
}

/** Runs the mix at `rate` operations per second until `untilMs`; resolves when the last one ends. */
export async function runLoad(ctx: OperationContext, rate: number, untilMs: number): Promise<LoadSummary> {
  const weights = Object.fromEntries(
    Object.entries(OPERATIONS).map(([name, op]) => [name, op.weight]),
  ) as Record<keyof typeof OPERATIONS, number>;
  const summary: LoadSummary = { started: {}, shed: 0, crashed: [] };
  const running = new Set<Promise<void>>();
  const intervalMs = 1_000 / rate;
  let next = Date.now();
  while (next < untilMs) {
    const name = ctx.random.weighted(weights);
    if (running.size >= MAX_IN_FLIGHT) summary.shed++;
    else {
      summary.started[name] = (summary.started[name] ?? 0) + 1;
      const op = OPERATIONS[name]
        .run(ctx)
        .catch((error: unknown) => void summary.crashed.push(`${name}: ${String(error)}`))
        .finally(() => running.delete(op));
      running.add(op);
    }
    next += intervalMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
  await Promise.all(running);
  return summary;
}
