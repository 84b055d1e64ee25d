/**
 * The two instances: started as child processes (`instance.ts`), killed with SIGKILL and started
 * again on the same port, stopped with SIGTERM at the end. Their stderr goes to one log file.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

const runner = fileURLToPath(new URL('./instance.ts', import.meta.url));
// The instances resolve @leadbook/* as the soak does: the built packages.
const tsconfig = fileURLToPath(new URL('../tsconfig.run.json', import.meta.url));
/** A guard against a start that hangs, far above a start on a busy machine. */
const START_TIMEOUT_MS = 120_000;

/** One instance: its base URL stays the same across restarts. */
export interface SoakInstance {
  /** `A` or `B`. */
  readonly name: string;
  /** `http://127.0.0.1:<port>`; empty until first started. */
  readonly url: string;
  /** Whether the process is running and listening. */
  readonly up: boolean;
  /** Starts the process (on the port of its first start); resolves once it listens. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, requests in flight are cut. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
  /** Exits that neither `kill` nor `stop` caused (a crash), described. */
  readonly crashes: readonly string[];
}

/** Creates an instance (not started) on `env` (see `instance.ts`), logging its stderr to `log`. */
export function createInstance(name: string, env: Record<string, string>, log: WriteStream): SoakInstance {
  let port = 0;
  let child: ChildProcess | undefined;
  let up = false;
  // Set by kill() and stop(): the next exit is ours, not a crash.
  let exitExpected = false;
  const crashes: string[] = [];
  const exited = () =>
    child && child.exitCode === null && child.signalCode === null ? once(child, 'exit') : [];

  async function start(): Promise<void> {
    const process_ = spawn(process.execPath, ['--import', 'tsx', runner], {
      env: { ...process.env, ...env, PORT: String(port), TSX_TSCONFIG_PATH: tsconfig },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = process_;
    exitExpected = false;
    process_.stderr!.on('data', (chunk: Buffer) => log.write(`[${name}] ${chunk.toString('utf8')}`));
    process_.on('exit', (code, signal) => {
      up = false;
      if (!exitExpected)
        crashes.push(
          `instance ${name} exited on its own (${signal ?? `code ${code}`}) at ${new Date().toISOString()}`,
        );
    });
    let output = '';
    const timer = setTimeout(() => process_.kill('SIGKILL'), START_TIMEOUT_MS);
    try {
      for await (const chunk of process_.stdout!) {
        output += String(chunk);
        const found = /\{"port":(\d+)\}/.exec(output)?.[1];
        if (found) {
          port = Number(found);
          up = true;
          return;
        }
      }
    } finally {
      clearTimeout(timer);
    }
    throw new Error(`instance ${name} exited before listening (see the instance log)`);
  }

  return {
    name,
    get url() {
      return port ? `http://127.0.0.1:${port}` : '';
    },
    get up() {
      return up;
    },
    start,
    get crashes() {
      return crashes;
    },
    async kill() {
      const gone = exited();
      exitExpected = true;
      up = false;
      child?.kill('SIGKILL');
      await gone;
    },
    async stop() {
      const gone = exited();
      exitExpected = true;
      up = false;
      child?.kill('SIGTERM');
      await gone;
    },
  };
}
