/**
 * `Idempotency-Key` support (extension): the same key with the same body within 24 hours returns
 * the first answer again; the same key with a different body is a 400.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { Repositories } from '../ports/storage';
import { validationError } from './errors';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The longest accepted key. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of a body's canonical JSON (key order does not matter). */
export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

/** Checks a key's shape; returns the trimmed key or undefined when none was sent. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw validationError(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, [
      { path: 'headers.idempotency-key', message: 'Invalid length' },
    ]);
  }
  return key;
}

/** An operation's `Idempotency-Key` as {@link replayed} looks it up. */
export interface IdempotencyLookup {
  /** The caller's organization. */
  organizationId: string;
  /** The operation the key belongs to. */
  scope: string;
  /** The key. */
  key: string;
  /** The {@link requestHash} of this request's body. */
  requestHash: string;
  /** Now, in epoch milliseconds (answers older than a day are not replayed). */
  nowMs: number;
}

/**
 * Inside the operation's transaction: returns the stored answer for a repeated key, throws a 400 for
 * a key reused with a different body, or returns undefined when the operation should run.
 */
export async function replayed(tx: Repositories, lookup: IdempotencyLookup): Promise<unknown> {
  const stored = await tx.idempotency.get(lookup.organizationId, lookup.scope, lookup.key);
  if (!stored || Date.parse(stored.createdAt) <= lookup.nowMs - IDEMPOTENCY_TTL_MS) return undefined;
  if (stored.requestHash !== lookup.requestHash) {
    throw validationError('This Idempotency-Key was already used with a different request body', [
      { path: 'headers.idempotency-key', message: 'Reused with a different body' },
    ]);
  }
  return stored.body;
}
