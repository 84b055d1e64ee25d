/**
 * Background work that must not hold up the scheduler (outgoing webhook attempts can take seconds),
 * tracked so that `close()` can wait for it, and capped so a burst cannot open unbounded connections.
 * When `close()` stops waiting, each task is told to stop through its signal: it then gives its
 * work back (releases its lease, so another instance or the next start takes it) and ends.
 *
 * @module
 */
import { errorFields, type Logger } from '../ports/logger';

/** Runs tracked background tasks. */
export interface BackgroundTasks {
  /**
   * Starts `task` in the background once fewer than the limit are running; resolves when it has
   * started, not when it ends. What the task throws is logged. `stop` aborts when the service no
   * longer waits for the task (see {@link BackgroundTasks.drain}); a task started after that gets
   * it aborted already.
   */
  run(name: string, task: (stop: AbortSignal) => Promise<void>): Promise<void>;
  /**
   * Resolves when every started task has ended. Once `deadline` aborts, every task's `stop` signal
   * aborts too, so the tasks still running end promptly.
   */
  drain(deadline?: AbortSignal): Promise<void>;
}

/** Creates a task runner allowing `limit` tasks at once (default 8). */
export function createBackgroundTasks(logger: Logger, limit = 8): BackgroundTasks {
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  return {
    async run(name, task) {
      while (running.size >= limit) await Promise.race(running);
      const started: Promise<void> = task(stopping.signal)
        .catch((error: unknown) => logger.error(`${name} failed`, { error: errorFields(error) }))
        .finally(() => running.delete(started));
      running.add(started);
    },
    async drain(deadline) {
      const stop = () => stopping.abort(deadline?.reason);
      if (deadline?.aborted) stop();
      else deadline?.addEventListener('abort', stop, { once: true });
      try {
        while (running.size > 0) await Promise.allSettled([...running]);
      } finally {
        deadline?.removeEventListener('abort', stop);
      }
    },
  };
}
