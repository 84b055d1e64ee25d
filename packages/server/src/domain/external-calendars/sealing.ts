/**
 * Sealing of external calendar connections at rest: AES-256-GCM (`node:crypto`) with a fresh
 * 12-byte nonce per value, under the first key of the host's key ring. Each sealed value names its
 * key, so after a rotation the older keys still open what they sealed.
 *
 * @module
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedSecret } from '../../ports/records';

/** One key of the ring: 32 bytes (raw, or base64 text of 32 bytes) and an id stored with each value. */
export interface EncryptionKey {
  /** The key's id, stored beside each value it seals: 1 to 64 letters, digits, `.`, `_` or `-`. */
  id: string;
  /** The 256-bit key: 32 bytes, or their base64 text (`openssl rand -base64 32`). */
  key: Uint8Array | string;
}

/** A checked key ring: the first key seals, every key opens what it sealed. */
export interface KeyRing {
  /** The id of the key that seals new values. */
  readonly currentKeyId: string;
  /** Seals `plaintext` with the current key. */
  seal(plaintext: string): SealedSecret;
  /**
   * Opens a sealed value.
   *
   * @throws Error when its key is not in the ring or the value was altered (the tag does not match).
   */
  open(sealed: SealedSecret): string;
}

const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const ALGORITHM = 'aes-256-gcm';

const keyBytes = (entry: EncryptionKey): Buffer => {
  const bytes = typeof entry.key === 'string' ? Buffer.from(entry.key, 'base64') : Buffer.from(entry.key);
  if (bytes.length !== 32) {
    // Never the key itself in the message: only its id and length.
    throw new RangeError(
      `externalCalendars.encryptionKeys: key "${entry.id}" must be 32 bytes, got ${bytes.length}`,
    );
  }
  return bytes;
};

/**
 * Checks the host's keys and builds the ring. The first key seals; all of them open.
 *
 * @throws RangeError for no key, an id that is not 1 to 64 of `[A-Za-z0-9._-]`, an id given
 *   twice, or a key that is not 32 bytes.
 *
 * @example
 * ```ts
 * const ring = createKeyRing([{ id: '2026-12', key: process.env.CALENDAR_KEY! }]);
 * const sealed = ring.seal('{"password":"s3cret"}'); // { keyId: '2026-12', iv, tag, data }
 * ring.open(sealed); // '{"password":"s3cret"}'
 * ```
 */
export function createKeyRing(keys: readonly EncryptionKey[]): KeyRing {
  if (keys.length === 0) throw new RangeError('externalCalendars.encryptionKeys needs at least one key');
  const ring = new Map<string, Buffer>();
  for (const entry of keys) {
    if (!KEY_ID_PATTERN.test(entry.id)) {
      throw new RangeError(
        'externalCalendars.encryptionKeys: a key id is 1 to 64 of A-Z, a-z, 0-9, ".", "_", "-"',
      );
    }
    if (ring.has(entry.id))
      throw new RangeError(`externalCalendars.encryptionKeys names "${entry.id}" twice`);
    ring.set(entry.id, keyBytes(entry));
  }
  const currentKeyId = keys[0]!.id;
  const current = ring.get(currentKeyId)!;
  return {
    currentKeyId,
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, current, iv);
      // The key id is authenticated too: a value cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(currentKeyId));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return {
        keyId: currentKeyId,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(sealed) {
      const key = ring.get(sealed.keyId);
      if (!key)
        throw new Error(`the key "${sealed.keyId}" that sealed this connection is not in the key ring`);
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(sealed.keyId));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const data = Buffer.from(sealed.data, 'base64');
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}
