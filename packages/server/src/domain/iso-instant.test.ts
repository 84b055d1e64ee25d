import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeIsoInstant } from './iso-instant';

const native = (ms: number) => new Date(ms).toISOString();

describe('writeIsoInstant', () => {
  const written = (ms: number) => {
    const target = new Uint8Array(30).fill(33);
    return writeIsoInstant(target, 3, ms) ? Buffer.from(target).toString('latin1') : null;
  };

  it('writes toISOString as bytes at the offset on month, leap-day and century edges', () => {
    const edges = [
      0,
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of edges) expect(written(ms)).toBe(`!!!${native(ms)}!!!`);
    expect(written(Date.UTC(2000, 1, 29, 12))).toBe('!!!2000-02-29T12:00:00.000Z!!!');
  });

  it('writes toISOString for any instant from 1970 to 9999, touching nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }), (ms) => {
        expect(written(ms)).toBe(`!!!${native(ms)}!!!`);
      }),
      { numRuns: 5_000 },
    );
  });

  it('writes nothing outside 1970 to 9999 or off the millisecond', () => {
    for (const ms of [-1, Date.UTC(10000, 0, 1), 1.5, Number.NaN]) expect(written(ms)).toBeNull();
  });
});
