/**
 * Job ids derived from job keys: a name-based UUID (RFC 9562 version 5), so every instance finds a
 * key's job by primary key without a lookup table.
 *
 * @module
 */
import { createHash } from 'node:crypto';

// A fixed namespace of this package's job ids (itself a random UUID).
const NAMESPACE = Buffer.from('6f1d7a52c3e44b7e9a0d5b8c2e4f1a37', 'hex');

/** The UUID v5 of `key` in this package's namespace, and of `queue`, so queues never share ids. */
export function jobIdOf(queue: string, key: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${queue}\u0000${key}`, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
