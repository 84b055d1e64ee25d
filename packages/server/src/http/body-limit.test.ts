import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readLimited } from './body-limit';

const bodyOf = (bytes: number) => new Request('http://x/', { method: 'POST', body: 'x'.repeat(bytes) });
// Node's web streams are async iterables, as the fetch adapter passes them; the DOM typings do not say so.
const stream = (request: Request) => request.body as unknown as AsyncIterable<Uint8Array>;

describe('readLimited', () => {
  it('reads a web stream within the limit', async () => {
    expect((await readLimited(stream(bodyOf(10)), 10))?.byteLength).toBe(10);
  });

  it('stops past the limit, also on one branch of a tee whose twin is never read', async () => {
    const request = bodyOf(20_000);
    // clone() tees the body: cancelling our branch settles only once the clone is cancelled too.
    const twin = request.clone();
    await expect(readLimited(stream(request), 16_384)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(twin.bodyUsed).toBe(false);
  });
});
