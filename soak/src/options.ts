/**
 * The soak's settings, from the command line (`--seconds 90`, `--seed 7`, `--rate 12`) or the
 * environment (`SOAK_SECONDS`, `SOAK_SEED`, `SOAK_RATE`, `SOAK_DATABASE_URL` or
 * `LEADBOOK_TEST_DATABASE_URL`, `SOAK_PG_RESTART`). The command line wins.
 *
 * @module
 */
import { parseArgs } from 'node:util';

/** What one soak run does. */
export interface SoakOptions {
  /** Seconds of load. Default 600 (ten minutes). */
  seconds: number;
  /** The seed of every random choice: the operations, their targets and the faults. Default 42. */
  seed: number;
  /** Operations started per second. Default 12. */
  rate: number;
  /** The PostgreSQL server both instances share. */
  databaseUrl: string;
  /**
   * Whether to restart PostgreSQL itself once: `auto` (the default) does it in a run of at least
   * five minutes when `pg_ctlcluster` is there and the server is on this machine; `on`, `off`.
   */
  pgRestart: 'auto' | 'on' | 'off';
}

/** The default length: the full run of `npm run soak`. */
export const DEFAULT_SECONDS = 600;

const positive = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive number, got ${value}`);
  return parsed;
};

/** Reads the options from `argv` (without node and the script) and `env`. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string' },
      seed: { type: 'string' },
      rate: { type: 'string' },
      'pg-restart': { type: 'string' },
    },
    allowPositionals: false,
  });
  const databaseUrl = env['SOAK_DATABASE_URL'] || env['LEADBOOK_TEST_DATABASE_URL'];
  if (!databaseUrl) {
    throw new Error(
      'The soak needs a PostgreSQL server that two processes can share: set LEADBOOK_TEST_DATABASE_URL ' +
        '(or SOAK_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  }
  const pgRestart = values['pg-restart'] ?? env['SOAK_PG_RESTART'] ?? 'auto';
  if (pgRestart !== 'auto' && pgRestart !== 'on' && pgRestart !== 'off') {
    throw new Error(`--pg-restart must be auto, on or off, got ${pgRestart}`);
  }
  return {
    seconds: positive('--seconds', values.seconds ?? env['SOAK_SECONDS'], DEFAULT_SECONDS),
    seed: Math.floor(positive('--seed', values.seed ?? env['SOAK_SEED'], 42)),
    rate: positive('--rate', values.rate ?? env['SOAK_RATE'], 12),
    databaseUrl,
    pgRestart,
  };
}
