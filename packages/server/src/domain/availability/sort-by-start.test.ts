import { describe, expect, it } from 'vitest';
import { orderByStart } from './sort-by-start';

describe('orderByStart', () => {
  const items = [
    { startMs: 180_000, tag: 'a' },
    { startMs: 60_000, tag: 'b' },
    { startMs: 180_000, tag: 'c' },
    { startMs: 0, tag: 'd' },
    { startMs: 60_000, tag: 'e' },
  ];
  const tags = (list: { startMs: number; tag: string }[], from: number, to: number) => {
    const order = orderByStart(
      Float64Array.from(list, (i) => i.startMs),
      list.length,
      from,
      to,
    );
    return Array.from(order, (i) => list[i]!.tag).join('');
  };

  it('orders whole minutes stably by counting', () => {
    expect(tags(items, 0, 240_000)).toBe('dbeac');
  });

  it('falls back to a stable comparison sort for starts off the minute or a huge range', () => {
    expect(tags([...items, { startMs: 90_500, tag: 'f' }], 0, 240_000)).toBe('dbefac');
    expect(tags(items, 0, 1e13)).toBe('dbeac');
    expect(tags(items, 30_000, 240_000)).toBe('dbeac');
  });

  it('reads only the first `length` starts', () => {
    const starts = Float64Array.from([120_000, 0, 60_000, 0]);
    expect(Array.from(orderByStart(starts, 3, 0, 240_000))).toEqual([1, 2, 0]);
  });
});
