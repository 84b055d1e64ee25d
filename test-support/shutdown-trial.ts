/**
 * A graceful-shutdown trial: keep-alive clients post to a service in another process back to back,
 * the process gets SIGTERM, and the clients go on until the server is gone. What they saw tells
 * whether the shutdown was graceful: every answer a 201 or the 503 of a refused request (its
 * envelope, `Retry-After`, `Connection: close`), never a 500, and every 201 kept.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import type { Instance } from './processes';

/** The service under trial: where it listens, how to send it SIGTERM, and its exit. */
export interface TrialTarget {
  /** Its base URL. */
  url: string;
  /** Sends SIGTERM (to the process, or its process group). */
  terminate(): void;
  /** Resolves with the exit code (or signal) once it has exited. */
  exited: Promise<number | string | null>;
}

/** The trial target of a process started by `startInstance`. */
export const processTarget = (instance: Instance): TrialTarget => ({
  url: instance.url,
  terminate: () => instance.child.kill('SIGTERM'),
  exited: instance.exited,
});

/** What the clients saw. */
export interface TrialReport {
  /** How many answers had each status. */
  statuses: Record<number, number>;
  /** The ids of the writes answered 201. */
  acknowledged: string[];
  /** Answers that were neither a 201 nor a proper 503, described. */
  problems: string[];
  /** The exit code (or signal) of the process. */
  exit: number | string | null;
}

/** What to post. */
export interface TrialOptions {
  /** The path to post to, such as `/connect/table_entries/`. */
  path: string;
  /** The request headers (a token, the content type). */
  headers: Record<string, string>;
  /** The JSON body of a client's `n`th request. */
  body(client: number, n: number): unknown;
  /** How many clients post at once. Default 4. */
  clients?: number;
  /** How many answers come before SIGTERM is sent. Default 40. */
  before?: number;
}

/** What a refused request must look like, in the Connect envelope. */
function refusalProblem(response: Response, body: unknown): string | undefined {
  const expected = {
    statusCode: 503,
    error: 'SERVICE_UNAVAILABLE',
    message: ErrorMessages.serviceUnavailable,
  };
  if (JSON.stringify(body) !== JSON.stringify(expected)) return `503 with the body ${JSON.stringify(body)}`;
  if (response.headers.get('retry-after') !== '1') return '503 without Retry-After: 1';
  if (response.headers.get('connection') !== 'close') return '503 without Connection: close';
  return undefined;
}

/**
 * Runs the trial against `target`: the clients post until `before` answers came, then the target
 * gets SIGTERM, and each client goes on until its connection is refused or reset. Resolves once
 * the target has exited.
 */
export async function shutdownTrial(target: TrialTarget, options: TrialOptions): Promise<TrialReport> {
  const { clients = 4, before = 40 } = options;
  const report: TrialReport = { statuses: {}, acknowledged: [], problems: [], exit: null };
  let signalled = false;
  let answers = 0;
  const terminate = () => {
    if (signalled) return;
    signalled = true;
    target.terminate();
  };
  const client = async (id: number) => {
    for (let n = 0; ; n++) {
      let response: Response;
      try {
        response = await fetch(`${target.url}${options.path}`, {
          method: 'POST',
          headers: options.headers,
          body: JSON.stringify(options.body(id, n)),
        });
      } catch (error) {
        // Before SIGTERM nothing may fail; after it, a refused or reset connection is the end.
        if (!signalled) report.problems.push(`request failed before SIGTERM: ${String(error)}`);
        return;
      }
      const body: unknown = await response.json().catch(() => 'not JSON');
      answers += 1;
      report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      if (response.status === 201) report.acknowledged.push((body as { id: string }).id);
      else if (response.status !== 503) report.problems.push(`${response.status} ${JSON.stringify(body)}`);
      else {
        const problem = refusalProblem(response, body);
        if (problem) report.problems.push(problem);
      }
      if (answers >= before) terminate();
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
  terminate();
  report.exit = await target.exited;
  return report;
}
