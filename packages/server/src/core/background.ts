/**
 * Background work that must not hold up the scheduler (outgoing webhook attempts can take seconds),
 * tracked so that `close()` can wait for it, and capped so a burst cannot open unbounded connections.
 *
 * @module
 */
import type { Logger } from '../ports/logger';

/** Runs tracked background tasks. */
export interface BackgroundTasks {
  /**
   * Starts `task` in the background once fewer than the limit are running; resolves when it has
   * started, not when it ends. What the task throws is logged.
   */
  run(name: string, task: () => Promise<void>): Promise<void>;
  /** Resolves when every started task has ended. */
  drain(): Promise<void>;
}

/** Creates a task runner allowing `limit` tasks at once (default 8). */
export function createBackgroundTasks(logger: Logger, limit = 8): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    async run(name, task) {
      while (running.size >= limit) await Promise.race(running);
      const started: Promise<void> = task()
        .catch((error: unknown) => logger.error(`${name} failed`, { error: String(error) }))
        .finally(() => running.delete(started));
      running.add(started);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
