import { describe, expect, it } from 'vitest';
import { foldLine, refold } from './fold';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('foldLine', () => {
  it('keeps a line of 75 octets whole and folds the 76th octet onto a continuation line', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('counts the leading space of continuation lines and never splits a character', () => {
    const line = `SUMMARY:${'😀'.repeat(40)}${'ä'.repeat(50)}`;
    const physical = foldLine(line).split('\r\n');
    expect(physical.every((part) => octets(part) <= 75)).toBe(true);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    // A split emoji would leave a lone surrogate on one of the lines.
    expect(physical.every((part) => !/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/.test(part))).toBe(true);
  });
});

describe('refold', () => {
  it('unfolds text folded elsewhere and folds each line again', () => {
    const folded = `SUMMARY:${'a'.repeat(75)}\r\n ${'b'.repeat(75)}\r\nUID:x`;
    expect(refold(folded)).toBe(
      `SUMMARY:${'a'.repeat(67)}\r\n ${'a'.repeat(8)}${'b'.repeat(66)}\r\n ${'b'.repeat(9)}\r\nUID:x`,
    );
  });
});
