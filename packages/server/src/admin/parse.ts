/**
 * Validation of console inputs with clear errors.
 *
 * @module
 */
import type { z } from 'zod';
import { ServiceError } from '../core/errors';

/** Parses console input; a bad input throws a 400 `ServiceError` naming every offending path. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || '(root)',
    message: issue.message,
  }));
  const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  throw new ServiceError('validation', `Invalid ${what}: ${summary}`, { details });
}
