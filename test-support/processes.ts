/**
 * Starts service instances as separate Node processes and stops them again, for the tests that
 * kill a process (restart, crash) or run several. A runner is a TypeScript file run with tsx that
 * prints `{"port": n}` once it listens, and JSON lines of what it saw (such as
 * `{"event": "calendar.appointment.hasStarted", "bookingId": ...}`).
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** What to run: the runner file, the directory it runs in (its package), extra environment. */
export interface InstanceSpec {
  /** The runner's path. */
  runner: string;
  /** The working directory: the runner's package, whose tsconfig resolves `@leadbook/*`. */
  cwd: string;
  /** Added to this process's environment. */
  env: Record<string, string>;
  /** A tsconfig for tsx to resolve `@leadbook/*` with (the bench uses the built packages). */
  tsconfig?: string;
}

/** A running instance. */
export interface Instance {
  /** Its base URL, such as `http://127.0.0.1:40123`. */
  url: string;
  /** The process. */
  child: ChildProcess;
  /** Every line it printed to stdout and stderr so far. */
  output: string[];
  /** The `hasStarted` booking ids it reported. */
  started(): string[];
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
}

const running = new Set<Instance>();

/**
 * Starts one instance; resolves once it listens. The runner resolves `@leadbook/*` through its
 * package's tsconfig paths by default (sources); `spec.tsconfig` resolves otherwise.
 */
export async function startInstance(spec: InstanceSpec): Promise<Instance> {
  const { runner, cwd, env, tsconfig } = spec;
  const child = spawn(process.execPath, ['--import', 'tsx', runner], {
    cwd,
    env: { ...process.env, ...env, ...(tsconfig ? { TSX_TSCONFIG_PATH: tsconfig } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  let announce: (port: number) => void = () => undefined;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      try {
        const parsed = JSON.parse(line) as { port?: number };
        if (parsed.port) announce(parsed.port);
      } catch {
        // Not one of the runner's JSON lines.
      }
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const instance: Instance = {
    url: '',
    child,
    output,
    exited,
    started: () =>
      output.flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as { event?: string; bookingId?: string };
          return parsed.event === 'calendar.appointment.hasStarted' && parsed.bookingId
            ? [parsed.bookingId]
            : [];
        } catch {
          return [];
        }
      }),
  };
  running.add(instance);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`instance did not start in 30 s:\n${output.join('\n')}`)),
      30_000,
    );
    announce = (listening) => {
      clearTimeout(timer);
      resolve(listening);
    };
    // After the port was announced this rejection changes nothing.
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}) before listening:\n${output.join('\n')}`));
    });
  });
  instance.url = `http://127.0.0.1:${port}`;
  return instance;
}

/** Stops an instance: SIGTERM (a clean shutdown), SIGKILL after `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 5_000): Promise<void> {
  running.delete(instance);
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), graceMs);
  await instance.exited;
  clearTimeout(timer);
}

/** Kills an instance at once, as a crash would. */
export async function killInstance(instance: Instance): Promise<void> {
  running.delete(instance);
  instance.child.kill('SIGKILL');
  await instance.exited;
}

/** Stops every instance still running (for afterAll). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((instance) => stopInstance(instance)));
}
