/**
 * The liveness and readiness routes (an extension: they sit outside the spec's paths). Liveness
 * answers 200 while the process serves requests, during shutdown too (a failing liveness probe
 * restarts the process, which is not what shutting down needs). Readiness answers the health
 * report: 200 when it is `ok`, 503 otherwise, and 503 from the moment `close()` is called, so a
 * load balancer stops sending before the drain. Both bypass the gate and are not logged per request.
 *
 * @module
 */
import type { HealthReport } from '../core/health';
import { jsonResponse, type RawResponse } from './envelope';
import type { Pipeline } from './pipeline';

/** Where the health routes are served (`service.express()` and `service.fetch` both serve them). */
export interface HealthRoutesOptions {
  /** The liveness path. Default `/healthz`. */
  livenessPath?: string;
  /** The readiness path. Default `/readyz`. */
  readinessPath?: string;
}

/** The default paths of the health routes. */
export const DEFAULT_HEALTH_PATHS = { livenessPath: '/healthz', readinessPath: '/readyz' } as const;

// A probe's answer is about this instance now: no cache may keep it.
const NO_STORE = { 'cache-control': 'no-store' };

/** The longest deadline of a health check: a minute. */
const MAX_HEALTH_TIMEOUT_MS = 60_000;
const DEFAULT_HEALTH_TIMEOUT_MS = 5_000;

/** The `health` option, checked: the routes' paths (undefined when off) and the checks' deadline. */
export interface HealthSettings {
  /** Where the routes are served, or undefined when they are off. */
  paths: Required<HealthRoutesOptions> | undefined;
  /** The deadline of each check, in milliseconds. */
  timeoutMs: number;
}

/**
 * Reads the `health` option (`true` for the default paths).
 *
 * @throws RangeError for a path that is not absolute or lies under `/connect` or `/public`, for two
 *   equal paths, or for a `timeoutMs` that is not an integer from 1 to 60000.
 */
export function healthSettings(
  option: boolean | (HealthRoutesOptions & { timeoutMs?: number }) | undefined,
): HealthSettings {
  const given = option === true || !option ? {} : option;
  const timeoutMs = given.timeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_HEALTH_TIMEOUT_MS) {
    throw new RangeError(
      `health.timeoutMs must be an integer from 1 to ${MAX_HEALTH_TIMEOUT_MS}, got ${timeoutMs}`,
    );
  }
  if (!option) return { paths: undefined, timeoutMs };
  const paths = {
    livenessPath: given.livenessPath ?? DEFAULT_HEALTH_PATHS.livenessPath,
    readinessPath: given.readinessPath ?? DEFAULT_HEALTH_PATHS.readinessPath,
  };
  for (const [name, path] of Object.entries(paths)) {
    if (!/^\/[\w./-]*$/.test(path) || /^\/(connect|public)(\/|$)/.test(path)) {
      throw new RangeError(`health.${name} must be a path outside /connect and /public, got ${path}`);
    }
  }
  if (paths.livenessPath === paths.readinessPath) {
    throw new RangeError(
      `health.livenessPath and health.readinessPath must differ, got ${paths.livenessPath}`,
    );
  }
  return { paths, timeoutMs };
}

/** `pipeline`, with the health routes answered in front of it. */
export function withHealthRoutes(
  pipeline: Pipeline,
  paths: Required<HealthRoutesOptions>,
  health: () => Promise<HealthReport>,
): Pipeline {
  return async (request) => {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return pipeline(request);
    let out: RawResponse | undefined;
    if (request.path === paths.livenessPath) out = jsonResponse(200, { status: 'ok' }, NO_STORE);
    else if (request.path === paths.readinessPath) {
      const report = await health();
      out = jsonResponse(report.status === 'ok' ? 200 : 503, report, NO_STORE);
    } else return pipeline(request);
    return method === 'HEAD' ? { ...out, body: undefined } : out;
  };
}
