import { describe, expect, it } from 'vitest';
import { compileFieldPattern, isPatternSafe } from './regex-safety';

describe('compileFieldPattern', () => {
  it('anchors the whole pattern, alternatives included', () => {
    const pattern = compileFieldPattern('a|b');
    expect(pattern?.source).toBe('^(?:a|b)$');
    expect(pattern?.flags).toBe('u');
    expect(pattern?.test('ab')).toBe(false);
  });
  it.each(['(', '[a-', 'a)|(b', '\\p{Nope}', '\\-'])(
    'refuses %s, which is not a u regular expression',
    (pattern) => {
      expect(compileFieldPattern(pattern)).toBeNull();
    },
  );
});

describe('isPatternSafe', () => {
  it.each([
    ['nested quantifiers', '(a+)+$'],
    ['ambiguous alternation under a quantifier', '(x|x)*y'],
    ['optional separator between repeated words', '(\\w+\\s?)*$'],
    ['overlapping branches', '(\\w|_)+'],
    ['a branch that is a repetition of another', '(a|aa)*b'],
    ['a large bounded repetition of an ambiguous group', '(?:x|x){2,30}'],
    ['a named group', '(?<n>x|x)+'],
  ])('refuses %s: %s', (_name, pattern) => {
    expect(isPatternSafe(pattern)).toBe(false);
  });

  it.each([
    '[A-Z]{2}\\d{4}',
    '\\d{5}',
    '(a|ab)*c',
    '(?:\\d|-)+',
    '(?:\\+|00)?\\d{6,14}',
    '(?:Mr|Mrs|Ms)\\.? [A-Z][a-z]+',
    '\\p{L}+',
    '[(|)]*',
    '(x|x){1}',
  ])('accepts %s', (pattern) => {
    expect(isPatternSafe(pattern)).toBe(true);
  });
});
