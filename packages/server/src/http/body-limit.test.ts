import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readLimited } from './body-limit';

const bodyOf = (bytes: number) => new Request('http://x/', { method: 'POST', body: 'x'.repeat(bytes) });

describe('readLimited', () => {
  it('reads a web stream within the limit', async () => {
    expect((await readLimited(bodyOf(10).body!, 10))?.byteLength).toBe(10);
  });

  it('stops past the limit, also on one branch of a tee whose twin is never read', async () => {
    const request = bodyOf(20_000);
    // clone() tees the body: cancelling our branch settles only once the clone is cancelled too.
    const twin = request.clone();
    await expect(readLimited(request.body!, 16_384)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(twin.bodyUsed).toBe(false);
  });
});
