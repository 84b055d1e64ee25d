import type { FormField } from '@leadbook/contract';
import { describe, expect, it } from 'vitest';
import { checkConsent, toE164, validateFieldValues } from './submission';
import { field, uuid, when } from './test-fixtures';

const form = (fields: FormField[], defaultCountry = 'DE') => ({ fields, defaultCountry });

describe('validateFieldValues', () => {
  it('returns converted values keyed by field id and the visible ids', () => {
    const fields = [
      field(1, 'text', { label: 'Name', required: true }),
      field(2, 'number', { label: 'Age' }),
      field(3, 'checkbox', { label: 'Newsletter' }),
      field(4, 'hidden', { label: 'Source', defaultValue: 'website' }),
      field(5, 'textarea', { label: 'Notes' }),
    ];
    const result = validateFieldValues(form(fields), {
      [uuid(1)]: 'Ada',
      [uuid(2)]: '36',
      [uuid(3)]: 'true',
    });
    expect(result).toEqual({
      ok: true,
      values: { [uuid(1)]: 'Ada', [uuid(2)]: 36, [uuid(3)]: true, [uuid(4)]: 'website' },
      visible: new Set([uuid(1), uuid(2), uuid(3), uuid(4), uuid(5)]),
    });
  });

  it('refuses a key that is not a field of the form', () => {
    const result = validateFieldValues(form([field(1, 'text')]), { [uuid(1)]: 'x', [uuid(9)]: 'y' });
    expect(result).toEqual({ ok: false, fieldId: uuid(9), message: `The form has no field ${uuid(9)}` });
  });

  it('treats inherited keys such as __proto__ as unknown fields, not as values', () => {
    const data = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    expect(validateFieldValues(form([field(1, 'text')]), data)).toMatchObject({
      ok: false,
      fieldId: '__proto__',
    });
    expect(validateFieldValues(form([field(1, 'text', { required: true })]), {})).toMatchObject({
      ok: false,
    });
  });

  it('skips hidden fields: not required, not validated, dropped from values', () => {
    const fields = [
      field(1, 'checkbox', { label: 'Company' }),
      field(2, 'text', { label: 'Company name', required: true, showIf: [when(1, 'equals', true)] }),
      field(3, 'email', { label: 'Work email', showIf: [when(2, 'filled')] }),
      field(4, 'hidden', { label: 'Campaign', defaultValue: 'b2b', showIf: [when(1, 'filled')] }),
    ];
    const data = { [uuid(2)]: 'ACME', [uuid(3)]: 'not an email' };
    // Field 2 is hidden, so its value does not make field 3 visible either.
    expect(validateFieldValues(form(fields), data)).toEqual({
      ok: true,
      values: {},
      visible: new Set([uuid(1)]),
    });
    expect(validateFieldValues(form(fields), { [uuid(1)]: true })).toEqual({
      ok: false,
      fieldId: uuid(2),
      message: 'Company name is required',
    });
  });

  it('ignores booking-calendar values', () => {
    const result = validateFieldValues(form([field(1, 'booking-calendar')]), { [uuid(1)]: 'slot' });
    expect(result).toMatchObject({ ok: true, values: {} });
  });

  it('reports the first failing field in form order', () => {
    const fields = [
      field(1, 'text', { label: 'First', required: true }),
      field(2, 'text', { label: 'Second', required: true }),
    ];
    expect(validateFieldValues(form(fields), {})).toMatchObject({
      fieldId: uuid(1),
      message: 'First is required',
    });
  });
});

describe('phone numbers (formats in step 3, E.164 in step 4)', () => {
  const phone = field(1, 'tel', { label: 'Phone' });
  const submit = (value: string, country = 'DE') =>
    validateFieldValues(form([phone], country), { [uuid(1)]: value });

  it('rewrites national numbers to E.164 with the default country', () => {
    expect(submit('030 1234567')).toMatchObject({ ok: true, values: { [uuid(1)]: '+49301234567' } });
    expect(submit('030 1234567', 'de')).toMatchObject({ ok: true, values: { [uuid(1)]: '+49301234567' } });
  });
  it('keeps the country of international numbers', () => {
    expect(submit('+1 202 555 0143')).toMatchObject({ ok: true, values: { [uuid(1)]: '+12025550143' } });
    expect(submit('+49 (30) 901820', 'US')).toMatchObject({ ok: true, values: { [uuid(1)]: '+4930901820' } });
  });
  it.each(['123', 'call me', '+49 30', '030 12', '+999 1234567', '12345678901234567890'])(
    'refuses %j',
    (value) => {
      expect(submit(value)).toEqual({
        ok: false,
        fieldId: uuid(1),
        message: 'Phone must be a valid phone number',
      });
    },
  );
  it('refuses a number when the default country is unknown', () => {
    expect(toE164('030 1234567', 'XX')).toBeNull();
    expect(toE164('+49 30 1234567', 'XX')).toBe('+49301234567');
  });
  it('checks the tel format in field order with the other step-3 checks (SPEC 4.2 step 3)', () => {
    const fields = [
      field(2, 'email', { label: 'Email' }),
      phone,
      field(3, 'text', { label: 'Name', required: true }),
    ];
    expect(validateFieldValues(form(fields), { [uuid(1)]: 'nope' })).toMatchObject({
      fieldId: uuid(1),
      message: 'Phone must be a valid phone number',
    });
    expect(validateFieldValues(form(fields), { [uuid(1)]: 'nope', [uuid(2)]: 'bad' })).toMatchObject({
      fieldId: uuid(2),
      message: 'Email must be a valid email address',
    });
  });
});

describe('privacy consent (step 6)', () => {
  const consent = field(1, 'privacy', { label: 'Privacy policy', mode: 'consent' });
  const visibleOf = (fields: FormField[], data: Record<string, unknown>) => {
    const result = validateFieldValues(form(fields), data);
    if (!result.ok) throw new Error(result.message);
    return result.visible;
  };

  it('needs the literal string "true" and stores true', () => {
    const data = { [uuid(1)]: 'true' };
    expect(checkConsent(form([consent]), data, visibleOf([consent], data))).toEqual({
      ok: true,
      values: { [uuid(1)]: true },
    });
  });
  it.each([true, 'TRUE', 'yes', 'false', 1, undefined, null, ''])(
    'refuses %j even when the field is not required',
    (value) => {
      const data = value === undefined ? {} : { [uuid(1)]: value };
      expect(checkConsent(form([consent]), data, visibleOf([consent], data))).toEqual({
        ok: false,
        fieldId: uuid(1),
        message: 'Privacy policy must be accepted',
      });
    },
  );
  it('skips a hidden consent field', () => {
    const fields = [{ ...consent, showIf: [when(2, 'filled')] }, field(2, 'text')];
    expect(checkConsent(form(fields), {}, visibleOf(fields, {}))).toEqual({ ok: true, values: {} });
  });
  it('is left out of steps 3 and 4, which neither refuse a consent value nor store it', () => {
    const fields = [consent, field(2, 'tel', { label: 'Phone' }), field(3, 'email', { label: 'Email' })];
    const data = { [uuid(1)]: 'false', [uuid(2)]: '030 1234567', [uuid(3)]: 'ada@example.com' };
    expect(validateFieldValues(form(fields), data)).toEqual({
      ok: true,
      values: { [uuid(2)]: '+49301234567', [uuid(3)]: 'ada@example.com' },
      visible: new Set([uuid(1), uuid(2), uuid(3)]),
    });
    expect(validateFieldValues(form(fields), { ...data, [uuid(2)]: 'nope' })).toMatchObject({
      fieldId: uuid(2),
      message: 'Phone must be a valid phone number',
    });
  });
});
