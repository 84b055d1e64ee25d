import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyRing } from './sealing';

const key = () => randomBytes(32);

describe('the key ring of external calendar connections', () => {
  it('seals with the first key, so the plaintext is nowhere in what is stored', () => {
    const ring = createKeyRing([{ id: 'k1', key: key() }]);
    const sealed = ring.seal('{"password":"hunter2-hunter2"}');
    expect(sealed.keyId).toBe('k1');
    expect(JSON.stringify(sealed)).not.toContain('hunter2');
    expect(ring.open(sealed)).toBe('{"password":"hunter2-hunter2"}');
    // A fresh nonce each time: the same plaintext never seals to the same bytes.
    expect(ring.seal('same').data).not.toBe(ring.seal('same').data);
  });

  it('after a rotation, new values use the new key and old ones still open with the old key', () => {
    const [oldKey, newKey] = [key(), key()];
    const before = createKeyRing([{ id: 'old', key: oldKey.toString('base64') }]).seal('secret');
    const rotated = createKeyRing([
      { id: 'new', key: newKey },
      { id: 'old', key: oldKey },
    ]);
    expect(rotated.open(before)).toBe('secret');
    expect(rotated.seal('secret').keyId).toBe('new');
    // Once the old key is dropped, what it sealed can no longer be read.
    expect(() => createKeyRing([{ id: 'new', key: newKey }]).open(before)).toThrow(
      /"old".*not in the key ring/,
    );
  });

  it('refuses an altered value or one relabelled to another key', () => {
    const ring = createKeyRing([
      { id: 'a', key: key() },
      { id: 'b', key: key() },
    ]);
    const sealed = ring.seal('secret');
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => ring.open({ ...sealed, data: flipped.toString('base64') })).toThrow();
    expect(() => ring.open({ ...sealed, keyId: 'b' })).toThrow();
  });

  it('refuses a ring without keys, with a short key or an id given twice, never echoing the key', () => {
    expect(() => createKeyRing([])).toThrow(/at least one key/);
    const short = randomBytes(16).toString('base64');
    const error = (() => {
      try {
        createKeyRing([{ id: 'k', key: short }]);
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toMatch(/"k" must be 32 bytes, got 16/);
    expect(error?.message).not.toContain(short);
    expect(() =>
      createKeyRing([
        { id: 'k', key: key() },
        { id: 'k', key: key() },
      ]),
    ).toThrow(/twice/);
    expect(() => createKeyRing([{ id: 'has space', key: key() }])).toThrow(/key id/);
  });
});
