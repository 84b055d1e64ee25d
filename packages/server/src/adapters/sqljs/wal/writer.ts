/**
 * Appends records to the write-ahead log with group commit: records that arrive while the log is
 * being written (or in the same turn of the event loop) go out together in one write and one fsync.
 * A failed write or fsync stops the writer for good: what it held may or may not be on disk, so no
 * later record may be acknowledged on top of it (the storage must be reopened, as PostgreSQL
 * restarts after a failed WAL fsync).
 *
 * @module
 */
import type { FileHandle } from 'node:fs/promises';
// The timers module's own functions: a test suite's fake timers replace the global ones only, and
// the log must reach the disk in real time whatever the clock of the code under test says.
import { clearTimeout, setImmediate, setTimeout } from 'node:timers';

/** When queued records are written. */
export type FlushPolicy = { kind: 'commit' } | { kind: 'interval'; intervalMs: number };

interface Pending {
  lsn: number;
  bytes: Buffer;
}

interface Waiter {
  lsn: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** The log writer of one open log file. */
export class WalWriter {
  private queue: Pending[] = [];
  private waiters: Waiter[] = [];
  private draining: Promise<void> | undefined;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failure: Error | undefined;
  private written = 0;
  private durable: number;
  private mark: { lsn: number; resolve: (offset: number) => void } | undefined;
  private paused: Promise<void> | undefined;
  /** How many records each write held, for the benchmark's report (the newest 10,000). */
  readonly batchSizes: number[] = [];

  /**
   * @param handle the log, opened for appending (`'a+'`)
   * @param size its length now
   * @param durableLsn the last record already on disk (0 for none)
   * @param policy `commit`: write as soon as records arrive; `interval`: every `intervalMs`
   */
  constructor(
    private handle: FileHandle,
    size: number,
    durableLsn: number,
    private readonly policy: FlushPolicy,
  ) {
    this.written = size;
    this.durable = durableLsn;
  }

  /** The byte length of the log written so far. */
  get size(): number {
    return this.written;
  }

  /** The last record that is on disk. */
  get durableLsn(): number {
    return this.durable;
  }

  /** Why the writer stopped, if it did. */
  get failed(): Error | undefined {
    return this.failure;
  }

  /** Queues a record (LSNs must come in order); write it with {@link WalWriter.whenDurable}. */
  append(lsn: number, bytes: Buffer): void {
    if (this.failure) throw this.failure;
    this.queue.push({ lsn, bytes });
    this.schedule();
  }

  /** Resolves once the record `lsn` and every earlier one are on disk; rejects if the writer failed. */
  whenDurable(lsn: number): Promise<void> {
    if (lsn <= this.durable) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiters.push({ lsn, resolve, reject });
      // A caller that waits wants it written now, whatever the policy.
      this.schedule(true);
    });
  }

  /**
   * Resolves with the log offset just after record `lsn`, once it has been written. Call it before
   * any later record is appended (it is the newest record, written or not).
   */
  offsetAfter(lsn: number): Promise<number> {
    if (lsn === this.durable) return Promise.resolve(this.written);
    if (lsn < this.durable)
      throw new RangeError(`record ${lsn} is not the newest (${this.durable} is on disk)`);
    return new Promise((resolve) => (this.mark = { lsn, resolve }));
  }

  /**
   * Runs `swap` with no write in progress and none starting, then continues on the handle it
   * returns (the log was rewritten). Records queued meanwhile wait.
   */
  async pause(
    swap: (handle: FileHandle, size: number) => Promise<{ handle: FileHandle; size: number }>,
  ): Promise<void> {
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    this.paused = paused;
    try {
      await this.draining;
      const next = await swap(this.handle, this.written);
      this.handle = next.handle;
      this.written = next.size;
    } finally {
      this.paused = undefined;
      release();
      this.schedule();
    }
  }

  /** Writes everything queued now; resolves once it is on disk. */
  async flush(): Promise<void> {
    const last = this.queue.at(-1)?.lsn;
    if (last !== undefined) await this.whenDurable(last);
    else await this.draining;
    if (this.failure) throw this.failure;
  }

  /** Stops writing (after {@link WalWriter.flush}) and closes the log file. */
  async close(): Promise<void> {
    this.failure ??= new Error('the write-ahead log is closed');
    await this.draining;
    await this.handle.close();
  }

  private schedule(now = false): void {
    if (this.draining || this.paused || this.failure || this.queue.length === 0) return;
    const soon = now || this.policy.kind === 'commit';
    if (this.timer !== undefined) {
      if (!soon) return;
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.immediate !== undefined) return;
    const start = () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.immediate = undefined;
      this.draining = this.drain().finally(() => {
        this.draining = undefined;
        this.schedule();
      });
    };
    // Everything committed in this turn of the event loop shares the write.
    if (soon) this.immediate = setImmediate(start);
    else this.timer = setTimeout(start, (this.policy as { intervalMs: number }).intervalMs);
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.paused) {
      const batch = this.queue;
      this.queue = [];
      try {
        const bytes = Buffer.concat(batch.map((pending) => pending.bytes));
        // The log is open for appending: every write lands at its end.
        let at = 0;
        while (at < bytes.length) {
          const { bytesWritten } = await this.handle.write(bytes, at, bytes.length - at);
          at += bytesWritten;
        }
        await this.handle.datasync();
        this.noteMark(batch);
        this.written += bytes.length;
        this.durable = batch.at(-1)!.lsn;
        this.batchSizes.push(batch.length);
        if (this.batchSizes.length > 10_000) this.batchSizes.splice(0, 5_000);
      } catch (error) {
        this.fail(error);
        return;
      }
      this.release();
    }
  }

  private noteMark(batch: Pending[]): void {
    const mark = this.mark;
    if (!mark) return;
    let offset = this.written;
    for (const pending of batch) {
      offset += pending.bytes.length;
      if (pending.lsn === mark.lsn) {
        this.mark = undefined;
        mark.resolve(offset);
        return;
      }
    }
  }

  private release(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.lsn <= this.durable) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  private fail(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.failure = new Error(`the write-ahead log could not be written (${reason}); reopen the storage`, {
      cause: error,
    });
    for (const waiter of this.waiters) waiter.reject(this.failure);
    this.waiters = [];
    this.queue = [];
  }
}
