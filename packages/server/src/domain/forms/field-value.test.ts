import type { FormField } from '@leadbook/contract';
import { describe, expect, it } from 'vitest';
import { checkFieldValue } from './field-value';
import { field } from './test-fixtures';

const text = (rest: Partial<FormField> = {}) => field(1, 'text', { label: 'Name', ...rest });
const fails = (message: string) => ({ ok: false, message });
const keeps = (value: unknown) => ({ ok: true, value });

describe('required', () => {
  it.each([undefined, null, '', '   ', []])('refuses %j on a required field', (value) => {
    expect(checkFieldValue(text({ required: true }), value)).toEqual(fails('Name is required'));
  });
  it('refuses an unchecked required checkbox, also as the string "false"', () => {
    const box = field(1, 'checkbox', { label: 'Newsletter', required: true });
    expect(checkFieldValue(box, false)).toEqual(fails('Newsletter is required'));
    expect(checkFieldValue(box, 'false')).toEqual(fails('Newsletter is required'));
  });
  it.each([undefined, null, '', '  ', []])('keeps nothing for %j on an optional field', (value) => {
    expect(checkFieldValue(text(), value)).toEqual({ ok: true });
  });
  it('keeps nothing for an unchecked optional checkbox', () => {
    expect(checkFieldValue(field(1, 'checkbox'), false)).toEqual({ ok: true });
  });
});

describe('types', () => {
  it.each(['text', 'textarea', 'email', 'tel', 'hidden', 'select', 'appointment-type'] as const)(
    '%s values must be strings',
    (type) => {
      const f = field(1, type, { label: 'Value' });
      expect(checkFieldValue(f, 42)).toEqual(fails('Value must be text'));
      expect(checkFieldValue(f, ['a'])).toEqual(fails('Value must be text'));
      expect(checkFieldValue(f, true)).toEqual(fails('Value must be text'));
    },
  );
  it('numbers: finite numbers and numeric strings, within min and max', () => {
    const age = field(1, 'number', { label: 'Age', min: 18, max: 99 });
    expect(checkFieldValue(age, 30)).toEqual(keeps(30));
    expect(checkFieldValue(age, ' 42.5 ')).toEqual(keeps(42.5));
    expect(checkFieldValue(age, '1e1')).toEqual(fails('Age must be at least 18'));
    expect(checkFieldValue(age, 17)).toEqual(fails('Age must be at least 18'));
    expect(checkFieldValue(age, 100)).toEqual(fails('Age must be at most 99'));
    expect(checkFieldValue(age, '0x20')).toEqual(fails('Age must be a number'));
    expect(checkFieldValue(age, 'abc')).toEqual(fails('Age must be a number'));
    expect(checkFieldValue(age, Number.POSITIVE_INFINITY)).toEqual(fails('Age must be a number'));
    expect(checkFieldValue(age, true)).toEqual(fails('Age must be a number'));
  });
  it('checkboxes: booleans or the strings "true" and "false"', () => {
    const box = field(1, 'checkbox', { label: 'Newsletter' });
    expect(checkFieldValue(box, true)).toEqual(keeps(true));
    expect(checkFieldValue(box, 'true')).toEqual(keeps(true));
    expect(checkFieldValue(box, 'yes')).toEqual(fails('Newsletter must be true or false'));
    expect(checkFieldValue(box, 1)).toEqual(fails('Newsletter must be true or false'));
  });
  it('hidden fields fall back to their defaultValue', () => {
    const source = field(1, 'hidden', { label: 'Source', defaultValue: 'website' });
    expect(checkFieldValue(source, undefined)).toEqual(keeps('website'));
    expect(checkFieldValue(source, 'ad')).toEqual(keeps('ad'));
    expect(checkFieldValue(source, 7)).toEqual(fails('Source must be text'));
    expect(checkFieldValue(field(1, 'hidden'), undefined)).toEqual({ ok: true });
  });
  it('ignores booking-calendar values and leaves consent to step 6', () => {
    expect(checkFieldValue(field(1, 'booking-calendar', { required: true }), 'x')).toEqual({ ok: true });
    expect(checkFieldValue(field(1, 'privacy', { mode: 'consent', required: true }), 7)).toEqual({
      ok: true,
    });
  });
  it('appointment types only need to be text here', () => {
    expect(checkFieldValue(field(1, 'appointment-type'), 'any-id')).toEqual(keeps('any-id'));
  });
});

describe('length', () => {
  it('counts characters, not UTF-16 units', () => {
    const code = text({ label: 'Code', minLength: 3, maxLength: 4 });
    expect(checkFieldValue(code, 'ab')).toEqual(fails('Code must be at least 3 characters'));
    expect(checkFieldValue(code, 'abcde')).toEqual(fails('Code must be at most 4 characters'));
    expect(checkFieldValue(code, '😀😀😀')).toEqual(keeps('😀😀😀'));
  });
  it('caps every string at 5000 characters without maxLength', () => {
    expect(checkFieldValue(text(), 'x'.repeat(5000))).toEqual(keeps('x'.repeat(5000)));
    expect(checkFieldValue(text(), 'x'.repeat(5001))).toEqual(fails('Name must be at most 5000 characters'));
  });
});

describe('pattern', () => {
  it('must match the whole value', () => {
    const zip = text({ label: 'Postcode', pattern: '\\d{5}' });
    expect(checkFieldValue(zip, '10115')).toEqual(keeps('10115'));
    expect(checkFieldValue(zip, '101150')).toEqual(fails('Postcode is not in the expected format'));
    expect(checkFieldValue(zip, 'x10115')).toEqual(fails('Postcode is not in the expected format'));
  });
  it('keeps alternatives inside the anchors', () => {
    const either = text({ label: 'Choice', pattern: 'a|b' });
    expect(checkFieldValue(either, 'ab')).toEqual(fails('Choice is not in the expected format'));
  });
  it.each(['(', 'a)|(b', '\\p{Nope}'])('treats the invalid pattern %s as not matching', (pattern) => {
    expect(checkFieldValue(text({ label: 'Code', pattern }), 'a')).toEqual(
      fails('Code is not in the expected format'),
    );
  });
});

describe('email', () => {
  const email = field(1, 'email', { label: 'Email' });
  it.each(['ada@example.com', 'a.b+tag@mail.example.co.uk', 'jürgen@bücher.de'])('accepts %s', (value) => {
    expect(checkFieldValue(email, value)).toEqual(keeps(value));
  });
  it('trims surrounding whitespace', () => {
    expect(checkFieldValue(email, ' ada@example.com ')).toEqual(keeps('ada@example.com'));
  });
  it.each([
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.c',
    'a da@example.com',
    'a@b@c.de',
    'ada@.com',
  ])('refuses %s', (value) => {
    expect(checkFieldValue(email, value)).toEqual(fails('Email must be a valid email address'));
  });
  it('refuses addresses over 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(long).toHaveLength(254);
    expect(checkFieldValue(email, long)).toEqual(keeps(long));
    expect(checkFieldValue(email, `a${long}`)).toEqual(fails('Email must be a valid email address'));
  });
});

describe('select', () => {
  it('must be one of the options', () => {
    const plan = field(1, 'select', { label: 'Plan', options: [{ value: 'basic', label: 'Basic' }] });
    expect(checkFieldValue(plan, 'basic')).toEqual(keeps('basic'));
    expect(checkFieldValue(plan, 'Basic')).toEqual(fails('Plan must be one of the offered options'));
  });
});
