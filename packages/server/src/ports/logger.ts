/**
 * The logger port: where the service reports what it handled and what failed. The default is
 * silent, as an embedded library should be.
 *
 * @module
 */

/** A structured logger. Messages never carry secrets (tokens are redacted before logging). */
export interface Logger {
  /** Debug detail. */
  debug(message: string, meta?: Record<string, unknown>): void;
  /** Normal operation. */
  info(message: string, meta?: Record<string, unknown>): void;
  /** Something unexpected that the service handled. */
  warn(message: string, meta?: Record<string, unknown>): void;
  /** A failure. */
  error(message: string, meta?: Record<string, unknown>): void;
}

/** A logger that drops everything (the default: an embedded library stays quiet). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
