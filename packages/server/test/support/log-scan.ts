/**
 * Log hygiene for the HTTP tests: a logger that keeps what the service logs (or only the lines that
 * leak), and the patterns no log line may contain: API tokens, ingress tokens and token digests
 * (64 hex characters), webhook secrets, calendar feed tokens, `Authorization` values (Bearer, and the Basic credentials of
 * a linked calendar), email addresses, and whatever values a test names (lead data, a calendar's
 * connection).
 *
 * @module
 */
import type { LogFields, Logger } from '@leadbook/server';

/** One line the service logged. */
export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields | undefined;
}

const LEAKS: ReadonlyArray<[string, RegExp]> = [
  ['an API token', /service_live_/],
  ['64 hex characters (an ingress token or a digest)', /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i],
  ['a webhook secret', /whsec_/],
  ['a calendar feed token', /lbfeed_/],
  ['an Authorization value', /\bbearer\s/i],
  // A calendar's HTTP Basic credentials (CalDAV), as a logged header or field.
  ['a Basic Authorization value', /authorization["']?\s*[:=]\s*["']?basic\s/i],
  ['an email address', /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i],
];

/** The line as text, errors included (their message and stack). */
function lineText(line: LogLine): string {
  return `${line.message} ${JSON.stringify(line.fields ?? {}, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
  )}`;
}

/** What `line` leaks: the names of the patterns it matches, and the `values` it contains. */
export function leaksOf(line: LogLine, values: readonly string[] = []): string[] {
  const text = lineText(line);
  return [
    ...LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name),
    ...values.filter((value) => text.includes(value)).map((value) => `the value ${JSON.stringify(value)}`),
  ];
}

/** A logger that keeps every line. */
export function capturingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (message: string, fields?: LogFields) =>
    void lines.push({ level, message, fields });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/**
 * A logger that keeps only the lines that leak (so a long test does not hold every line), for the
 * HTTP harness: its `close()` fails the test when {@link ScanningLogger.leaks} is not empty.
 */
export interface ScanningLogger {
  /** The logger to give the service. */
  logger: Logger;
  /** Each leaking line, with what it leaks. */
  leaks: string[];
}

/** Creates a {@link ScanningLogger}. */
export function scanningLogger(): ScanningLogger {
  const leaks: string[] = [];
  const at = (level: LogLine['level']) => (message: string, fields?: LogFields) => {
    const found = leaksOf({ level, message, fields });
    if (found.length > 0) leaks.push(`${level} "${message}" leaks ${found.join(', ')}`);
  };
  return { leaks, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}
