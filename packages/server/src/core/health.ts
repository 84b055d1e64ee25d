/**
 * The health report behind `service.health()` and the readiness route: a storage round trip, the
 * schema version, the scheduler's state and whether the service is shutting down. Each check is
 * bounded by a deadline, and concurrent callers share one run, so probes never pile up work.
 *
 * @module
 */
import type { ServiceContext } from './context';
import { errorFields } from '../ports/logger';

/** `ok`: ready. `degraded`: serving, but scheduled work does not run. `unavailable`: not serving. */
export type HealthStatus = 'ok' | 'degraded' | 'unavailable';

/** The outcome of one check; `reason` says why it did not pass (never an error's own text). */
export interface HealthCheck {
  /** `skip` when the check could not or need not run (the adapter lacks it, the service is closing). */
  status: 'pass' | 'fail' | 'skip';
  /** Why it failed or was skipped, such as `timeout`, `error`, `behind` or `starting`. */
  reason?: string;
}

/** What `service.health()` reports. */
export interface HealthReport {
  /** The verdict: readiness passes only on `ok`. */
  status: HealthStatus;
  /** The checks behind it. */
  checks: {
    /** A read-only transaction doing one indexed read. */
    storage: HealthCheck;
    /** The database's schema has every migration the adapter knows (`schemaStatus()`). */
    migrations: HealthCheck & { applied?: number; latest?: number };
    /** The scheduler started and has not stopped. */
    scheduler: HealthCheck;
    /** `close()` was called: readiness fails from that moment on, before the drain. */
    shuttingDown: boolean;
  };
}

/** Where the scheduler is: `starting` until its start resolves, `stopped` after `close()` stops it. */
export type SchedulerState = 'starting' | 'running' | 'failed' | 'stopped';

/** What the health check reads of the service. */
export interface HealthSources {
  /** The scheduler's state now. */
  schedulerState(): SchedulerState;
  /** Settles once the scheduler's start has succeeded or failed. */
  started: Promise<void>;
  /** The deadline of each check, in milliseconds. */
  timeoutMs: number;
}

const TIMED_OUT = Symbol('timed out');

/** `promise`, or {@link TIMED_OUT} once `ms` have passed (the timer never keeps the process up). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
    timer.unref?.();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Creates the health check of a service: a function that runs the checks (shared while one runs). */
export function createHealthCheck(
  ctx: Pick<ServiceContext, 'storage' | 'gate' | 'logger'>,
  sources: HealthSources,
): () => Promise<HealthReport> {
  const { storage, logger } = ctx;

  /** Runs `work` within the deadline; a failure is logged with its error, and reported by reason only. */
  async function attempt<T>(name: string, work: () => Promise<T>): Promise<{ value: T } | HealthCheck> {
    try {
      const outcome = await within(work(), sources.timeoutMs);
      if (outcome === TIMED_OUT) {
        logger.warn(`health check ${name} timed out`, { timeoutMs: sources.timeoutMs });
        return { status: 'fail', reason: 'timeout' };
      }
      return { value: outcome };
    } catch (error) {
      logger.warn(`health check ${name} failed`, { error: errorFields(error) });
      return { status: 'fail', reason: 'error' };
    }
  }

  async function storageCheck(): Promise<HealthCheck> {
    // A lookup that finds nothing: one indexed read, whatever the data.
    const done = await attempt('storage', () =>
      storage.transaction((tx) => tx.organizations.get('health-check'), { readOnly: true }),
    );
    return 'value' in done ? { status: 'pass' } : done;
  }

  async function migrationsCheck(): Promise<HealthReport['checks']['migrations']> {
    if (!storage.schemaStatus) return { status: 'skip', reason: 'unsupported' };
    const done = await attempt('migrations', () => storage.schemaStatus!());
    if (!('value' in done)) return done;
    const { applied, latest } = done.value;
    // A newer schema (another instance upgraded first) still has what this version needs.
    return {
      status: applied >= latest ? 'pass' : 'fail',
      ...(applied < latest ? { reason: 'behind' } : {}),
      applied,
      latest,
    };
  }

  async function schedulerCheck(): Promise<HealthCheck> {
    await within(sources.started, sources.timeoutMs);
    const state = sources.schedulerState();
    return state === 'running' ? { status: 'pass' } : { status: 'fail', reason: state };
  }

  const shuttingDown = (scheduler: HealthCheck): HealthReport => {
    // Storage is closing or closed: readiness fails without touching it.
    const skipped: HealthCheck = { status: 'skip', reason: 'shutting down' };
    return {
      status: 'unavailable',
      checks: { storage: skipped, migrations: skipped, scheduler, shuttingDown: true },
    };
  };

  async function run(): Promise<HealthReport> {
    const scheduler = await schedulerCheck();
    if (ctx.gate.state !== 'open') return shuttingDown(scheduler);
    const [storageResult, migrations] = await Promise.all([storageCheck(), migrationsCheck()]);
    const serving = storageResult.status === 'pass' && migrations.status !== 'fail';
    const status: HealthStatus = !serving ? 'unavailable' : scheduler.status === 'pass' ? 'ok' : 'degraded';
    return { status, checks: { storage: storageResult, migrations, scheduler, shuttingDown: false } };
  }

  let running: Promise<HealthReport> | undefined;
  return async () => {
    if (ctx.gate.state !== 'open') return shuttingDown(await schedulerCheck());
    const report = await (running ??= run().finally(() => (running = undefined)));
    // A run that began before close() was called must not report the service ready after it.
    return ctx.gate.state === 'open' ? report : shuttingDown(report.checks.scheduler);
  };
}
