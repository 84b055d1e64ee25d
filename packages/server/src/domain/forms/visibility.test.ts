import { describe, expect, it } from 'vitest';
import { field, uuid, when } from './test-fixtures';
import { conditionHolds, fieldsOnShowIfCycles, isFilled, visibleFieldIds } from './visibility';

const ids = (set: Set<string>): string[] => [...set];

describe('isFilled', () => {
  it.each([undefined, null, '', [], false])('treats %j as empty', (value) => {
    expect(isFilled(value)).toBe(false);
  });
  it.each(['x', ' ', 0, true, ['a'], 'false'])('treats %j as filled', (value) => {
    expect(isFilled(value)).toBe(true);
  });
});

describe('conditionHolds', () => {
  it('equals compares as strings', () => {
    expect(conditionHolds(when(1, 'equals', '3'), 3)).toBe(true);
    expect(conditionHolds(when(1, 'equals', true), 'true')).toBe(true);
    expect(conditionHolds(when(1, 'equals', 'yes'), 'no')).toBe(false);
    expect(conditionHolds(when(1, 'equals', 'yes'), undefined)).toBe(false);
  });
  it('equals on an array value checks that the array contains it', () => {
    expect(conditionHolds(when(1, 'equals', 'b'), ['a', 'b'])).toBe(true);
    expect(conditionHolds(when(1, 'equals', 'c'), ['a', 'b'])).toBe(false);
  });
  it('notEquals is the negation of equals', () => {
    expect(conditionHolds(when(1, 'notEquals', 'yes'), 'no')).toBe(true);
    expect(conditionHolds(when(1, 'notEquals', 'yes'), 'yes')).toBe(false);
    expect(conditionHolds(when(1, 'notEquals', 'b'), ['a', 'b'])).toBe(false);
    expect(conditionHolds(when(1, 'notEquals', 'yes'), undefined)).toBe(true);
  });
  it('in checks membership, or any overlap for arrays', () => {
    expect(conditionHolds(when(1, 'in', ['a', 'b']), 'b')).toBe(true);
    expect(conditionHolds(when(1, 'in', ['1', '2']), 2)).toBe(true);
    expect(conditionHolds(when(1, 'in', ['a', 'b']), 'c')).toBe(false);
    expect(conditionHolds(when(1, 'in', ['a', 'b']), ['c', 'a'])).toBe(true);
    expect(conditionHolds(when(1, 'in', ['a', 'b']), ['c', 'd'])).toBe(false);
    expect(conditionHolds(when(1, 'in', ['a']), undefined)).toBe(false);
  });
  it('filled and empty', () => {
    expect(conditionHolds(when(1, 'filled'), 'x')).toBe(true);
    expect(conditionHolds(when(1, 'filled'), false)).toBe(false);
    expect(conditionHolds(when(1, 'empty'), [])).toBe(true);
    expect(conditionHolds(when(1, 'empty'), 'x')).toBe(false);
  });
});

describe('visibleFieldIds', () => {
  const fields = [
    field(1, 'select', { options: [{ value: 'yes', label: 'Yes' }] }),
    field(2, 'text', { showIf: [when(1, 'equals', 'yes')] }),
    field(3, 'text', { showIf: [when(2, 'filled')] }),
    field(4, 'text', { showIf: [when(3, 'empty')] }),
  ];

  it('shows fields without conditions and fields whose conditions hold, in form order', () => {
    const data = { [uuid(1)]: 'yes', [uuid(2)]: 'x', [uuid(3)]: 'y' };
    expect(ids(visibleFieldIds(fields, data))).toEqual([uuid(1), uuid(2), uuid(3)]);
  });

  it('hides transitively: a condition on a hidden field sees an empty value', () => {
    // Field 2 is hidden, so its submitted 'x' does not count and field 3 is hidden too.
    const data = { [uuid(1)]: 'no', [uuid(2)]: 'x', [uuid(3)]: 'y' };
    expect(ids(visibleFieldIds(fields, data))).toEqual([uuid(1), uuid(4)]);
  });

  it('needs all conditions of a field to hold', () => {
    const both = [
      field(1, 'text'),
      field(2, 'text'),
      field(3, 'text', { showIf: [when(1, 'filled'), when(2, 'filled')] }),
    ];
    expect(visibleFieldIds(both, { [uuid(1)]: 'a' }).has(uuid(3))).toBe(false);
    expect(visibleFieldIds(both, { [uuid(1)]: 'a', [uuid(2)]: 'b' }).has(uuid(3))).toBe(true);
  });

  it('evaluates dependencies declared after the field', () => {
    const later = [field(1, 'text', { showIf: [when(2, 'equals', 'go')] }), field(2, 'text')];
    expect(ids(visibleFieldIds(later, { [uuid(2)]: 'go' }))).toEqual([uuid(1), uuid(2)]);
  });

  it('hides fields on a cycle, and fields that need them filled', () => {
    const cyclic = [
      field(1, 'text', { showIf: [when(2, 'empty')] }),
      field(2, 'text', { showIf: [when(1, 'empty')] }),
      field(3, 'text', { showIf: [when(3, 'empty')] }),
      field(4, 'text', { showIf: [when(1, 'empty')] }),
      field(5, 'text', { showIf: [when(2, 'filled')] }),
    ];
    const data = { [uuid(1)]: 'a', [uuid(2)]: 'b' };
    expect(ids(visibleFieldIds(cyclic, data))).toEqual([uuid(4)]);
  });

  it('treats a reference to an unknown field as empty', () => {
    const orphan = [
      field(1, 'text', { showIf: [when(9, 'empty')] }),
      field(2, 'text', { showIf: [when(9, 'filled')] }),
    ];
    expect(ids(visibleFieldIds(orphan, { [uuid(9)]: 'x' }))).toEqual([uuid(1)]);
  });
});

describe('fieldsOnShowIfCycles', () => {
  it('finds fields on cycles and self-references only', () => {
    const fields = [
      field(1, 'text', { showIf: [when(2, 'filled')] }),
      field(2, 'text', { showIf: [when(3, 'filled')] }),
      field(3, 'text', { showIf: [when(1, 'filled')] }),
      field(4, 'text', { showIf: [when(4, 'filled')] }),
      field(5, 'text', { showIf: [when(1, 'filled'), when(9, 'filled')] }),
    ];
    expect([...fieldsOnShowIfCycles(fields)].sort()).toEqual([uuid(1), uuid(2), uuid(3), uuid(4)]);
  });
});
