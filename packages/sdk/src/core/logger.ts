/**
 * The logger a client uses: the one passed in `logger`, else one on `console` when the
 * `LEADBOOK_LOG` environment variable asks for it (Node-like runtimes; a browser has no environment).
 *
 * @module
 */
import { readEnv } from './env';
import type { Logger } from './options';

/** The levels `LEADBOOK_LOG` takes, from the most to the least verbose. */
export const LOG_LEVELS = ['debug', 'warn', 'off'] as const;

/** A level of `LEADBOOK_LOG`: `debug` (every request, response and retry), `warn` (retries), `off`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A logger on `console` that writes the messages of `level` and above. */
export function consoleLogger(level: LogLevel): Logger | undefined {
  if (level === 'off') return undefined;
  const debug: Logger['debug'] = (message, meta) =>
    // eslint-disable-next-line no-console -- LEADBOOK_LOG=debug asks for exactly this output
    console.debug(`[leadbook] ${message}`, meta ?? '');
  return {
    debug: level === 'debug' ? debug : () => {},
    warn: (message, meta) => console.warn(`[leadbook] ${message}`, meta ?? ''),
  };
}

/** The explicit logger if any, else the one `LEADBOOK_LOG` selects (none when unset or unknown). */
export function resolveLogger(explicit: Logger | undefined): Logger | undefined {
  if (explicit) return explicit;
  const level = readEnv('LEADBOOK_LOG')?.toLowerCase();
  return LOG_LEVELS.includes(level as LogLevel) ? consoleLogger(level as LogLevel) : undefined;
}
