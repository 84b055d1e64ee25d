/**
 * An in-process async mutex: a promise queue that runs one task at a time, in call order.
 *
 * @module
 */

/** Runs async tasks one at a time, first come first served. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  private running = false;

  /** Whether a task is running right now. */
  get busy(): boolean {
    return this.running;
  }

  /**
   * Runs `task` once every earlier task has settled; resolves or rejects with its outcome. A failing
   * task does not stop the queue.
   */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(async () => {
      this.running = true;
      try {
        return await task();
      } finally {
        this.running = false;
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
