/**
 * Job writes of the scheduler, batched: jobs scheduled in the same tick (a booking's two timers,
 * say) are stored in one transaction.
 *
 * @module
 */
import type { JobRecord } from '../../ports/records';
import type { StorageAdapter } from '../../ports/storage';

/** The lock key that serialises schedule, cancel and claim of one job on adapters that lock. */
export function jobLockKey(key: string): string {
  return `scheduler:job:${key}`;
}

/** Returns `store(record)`: resolves once the record (with the others of its tick) is stored. */
export function createJobWriter(storage: StorageAdapter): (record: JobRecord) => Promise<void> {
  let pending: { records: JobRecord[]; written: Promise<void> } | undefined;
  return (record) => {
    if (!pending) {
      const records: JobRecord[] = [];
      const written = Promise.resolve().then(() => {
        pending = undefined;
        return storage.transaction(
          async (tx) => {
            // In call order, so the later of two schedules of one key wins, as when sequential.
            for (const each of records) await tx.jobs.upsert(each);
          },
          { lockKeys: records.map((each) => jobLockKey(each.key)) },
        );
      });
      pending = { records, written };
    }
    pending.records.push(record);
    return pending.written;
  };
}
