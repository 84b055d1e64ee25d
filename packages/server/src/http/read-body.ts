/**
 * The one body shape the adapters hand the pipeline, and how they read a body that arrives as a
 * stream: within the limit, decoded by its `Content-Encoding`.
 *
 * @module
 */
import { ErrorMessages } from '@leadbook/contract';
import { ServiceError } from '../core/errors';
import { BodyTooLargeError, readLimited } from './body-limit';
import { decodeBody } from './content-encoding';
import type { HeaderReader } from './route';

/**
 * A request's body once read: its decoded bytes (undefined when it had none), or the value a host
 * parsed before the service (an `express.json()` mounted ahead of the router).
 */
export type RequestBody = { bytes: Uint8Array | undefined } | { parsed: unknown };

/**
 * Reads and decodes a streamed body within `limit` decoded bytes.
 *
 * @throws ServiceError 413 past the limit (a declared `Content-Length` over it is refused unread);
 * 400 when the body cannot be read or decoded.
 */
export async function readStreamBody(
  stream: AsyncIterable<Uint8Array> | undefined,
  headers: HeaderReader,
  limit: number,
): Promise<RequestBody> {
  try {
    const declared = Number(headers.get('content-length') ?? '0');
    if (declared > limit) throw new BodyTooLargeError('declared length over the limit');
    const bytes = stream && (await readLimited(stream, limit));
    return { bytes: decodeBody(bytes, headers.get('content-encoding'), limit) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ServiceError('payloadTooLarge', ErrorMessages.payloadTooLarge);
    }
    throw new ServiceError('validation', ErrorMessages.malformedJson);
  }
}
