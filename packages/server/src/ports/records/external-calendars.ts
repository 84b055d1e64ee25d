/**
 * The record of a resource's link to an external calendar: what the console set, and the
 * connection sealed with the service's key (never stored or returned in clear).
 *
 * @module
 */
import type { ExternalCalendarLink } from '@leadbook/contract';

/**
 * A value encrypted with AES-256-GCM by one of the host's keys. All fields are base64 except
 * `keyId`, which names the key (so a rotated key's ciphertexts are still read with the old key).
 */
export interface SealedSecret {
  /** The id of the key that encrypted it. */
  keyId: string;
  /** The 12-byte nonce, base64. */
  iv: string;
  /** The 16-byte authentication tag, base64. */
  tag: string;
  /** The ciphertext, base64. */
  data: string;
}

/** A stored link: the console's fields and the sealed connection. */
export interface ExternalCalendarLinkRecord extends Omit<ExternalCalendarLink, 'encryptionKeyId'> {
  /** The provider's connection (`ExternalCalendarConnection` as JSON), encrypted. */
  sealedConnection: SealedSecret;
}
