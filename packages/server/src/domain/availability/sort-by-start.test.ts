import { describe, expect, it } from 'vitest';
import { sortByStart } from './sort-by-start';

describe('sortByStart', () => {
  const items = [
    { startMs: 180_000, tag: 'a' },
    { startMs: 60_000, tag: 'b' },
    { startMs: 180_000, tag: 'c' },
    { startMs: 0, tag: 'd' },
    { startMs: 60_000, tag: 'e' },
  ];
  const tags = (sorted: { tag: string }[]) => sorted.map((i) => i.tag).join('');

  it('sorts whole minutes stably by counting', () => {
    expect(tags(sortByStart([...items], 0, 240_000))).toBe('dbeac');
  });

  it('falls back to a stable comparison sort for starts off the minute or a huge range', () => {
    expect(tags(sortByStart([...items, { startMs: 90_500, tag: 'f' }], 0, 240_000))).toBe('dbefac');
    expect(tags(sortByStart([...items], 0, 1e13))).toBe('dbeac');
    expect(tags(sortByStart([...items], 30_000, 240_000))).toBe('dbeac');
  });
});
