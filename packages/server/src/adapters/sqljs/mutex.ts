/**
 * An in-process async mutex: a promise queue that runs one task at a time, in call order.
 *
 * @module
 */

/** Runs async tasks one at a time, first come first served. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  private running = false;
  private queued = 0;

  /** Whether a task is running right now. */
  get busy(): boolean {
    return this.running;
  }

  /**
   * Runs `task` once every earlier task has settled; resolves or rejects with its outcome. A failing
   * task does not stop the queue.
   */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    // Idle: start at once instead of waiting a turn behind the settled tail.
    const result = !this.running && this.queued === 0 ? this.execute(task) : this.enqueue(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async enqueue<T>(task: () => Promise<T> | T): Promise<T> {
    this.queued++;
    try {
      await this.tail;
    } finally {
      this.queued--;
    }
    return this.execute(task);
  }

  private async execute<T>(task: () => Promise<T> | T): Promise<T> {
    this.running = true;
    try {
      return await task();
    } finally {
      this.running = false;
    }
  }
}
