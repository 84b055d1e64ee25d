/**
 * One place that turns `pg` failures into the server's `StorageError`.
 *
 * @module
 */
import { isStorageError, StorageError } from '@leadbook/server';

/** Wraps a thrown `pg` error in a `StorageError` naming the statement and the SQLSTATE (leaves a `StorageError` as it is). */
export function toStorageError(error: unknown, context: string): StorageError {
  if (isStorageError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const code = sqlState(error);
  return new StorageError(`postgres: ${context}: ${reason}${code ? ` (SQLSTATE ${code})` : ''}`, {
    cause: error,
  });
}

/** The SQLSTATE of a `pg` error, such as `23505` for a unique violation, or undefined. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The first line of a statement, whitespace collapsed, for error messages. */
export function describeSql(sql: string): string {
  return (sql.trim().split('\n', 1)[0] ?? sql).replace(/\s+/g, ' ');
}
