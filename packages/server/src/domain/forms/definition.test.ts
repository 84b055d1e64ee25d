import { describe, expect, it } from 'vitest';
import { checkFormDefinition } from './definition';
import { field, uuid, when } from './test-fixtures';

describe('checkFormDefinition', () => {
  it('accepts a sound form', () => {
    const fields = [
      field(1, 'text', { label: 'Code', pattern: '[A-Z]{2}\\d{4}', minLength: 6, maxLength: 6 }),
      field(2, 'select', { options: [{ value: 'a', label: 'A' }], showIf: [when(1, 'filled')] }),
      field(3, 'number', { min: 1, max: 1 }),
      field(4, 'privacy', { mode: 'consent', showIf: [when(2, 'equals', 'a')] }),
      field(5, 'booking-calendar', { allowedAppointmentTypes: ['*'], dataKey: 'booking' }),
      field(6, 'booking-calendar', { allowedAppointmentTypes: [uuid(7), uuid(8)] }),
    ];
    expect(checkFormDefinition(fields)).toEqual([]);
  });

  it('refuses duplicate ids once, and duplicate effective data keys', () => {
    const fields = [
      field(1, 'text'),
      field(1, 'text'),
      field(2, 'text', { dataKey: 'email' }),
      field(3, 'text', { dataKey: 'email' }),
      field(4, 'text', { dataKey: uuid(5) }),
      field(5, 'text'),
    ];
    expect(checkFormDefinition(fields)).toEqual([
      `Field id ${uuid(1)} is used more than once`,
      'Data key "email" is used by more than one field',
      `Data key "${uuid(5)}" is used by more than one field`,
    ]);
  });

  it('refuses showIf on unknown fields, on the field itself and in cycles', () => {
    const fields = [
      field(1, 'text', { label: 'A', showIf: [when(9, 'filled')] }),
      field(2, 'text', { label: 'B', showIf: [when(2, 'filled')] }),
      field(3, 'text', { label: 'C', showIf: [when(4, 'filled')] }),
      field(4, 'text', { label: 'D', showIf: [when(3, 'empty')] }),
      field(5, 'text', { label: 'E', showIf: [when(3, 'filled')] }),
    ];
    expect(checkFormDefinition(fields)).toEqual([
      `Field "A": showIf refers to an unknown field ${uuid(9)}`,
      'Field "B": showIf refers to the field itself',
      'Field "C": showIf conditions form a cycle',
      'Field "D": showIf conditions form a cycle',
    ]);
  });

  it.each(['(a+)+$', '(x|x)*y', '(\\w+\\s?)*$'])('refuses the catastrophic pattern %s', (pattern) => {
    expect(checkFormDefinition([field(1, 'text', { label: 'Code', pattern })])).toEqual([
      'Field "Code": the pattern can backtrack catastrophically',
    ]);
  });

  it('refuses a pattern that is not a u regular expression', () => {
    expect(checkFormDefinition([field(1, 'text', { label: 'Code', pattern: '\\p{Nope}' })])).toEqual([
      'Field "Code": the pattern is not a valid regular expression',
    ]);
  });

  it('refuses inconsistent field settings', () => {
    const fields = [
      field(1, 'select', { label: 'Plan' }),
      field(2, 'select', { label: 'Size', options: [] }),
      field(3, 'text', { label: 'Name', minLength: 5, maxLength: 4 }),
      field(4, 'number', { label: 'Age', min: 10, max: 9 }),
      field(5, 'privacy', { label: 'Privacy' }),
      field(6, 'booking-calendar', { label: 'Booking', allowedAppointmentTypes: ['*', uuid(7)] }),
    ];
    expect(checkFormDefinition(fields)).toEqual([
      'Field "Plan": a select field needs at least one option',
      'Field "Size": a select field needs at least one option',
      'Field "Name": minLength is greater than maxLength',
      'Field "Age": min is greater than max',
      'Field "Privacy": a privacy field needs mode "consent"',
      'Field "Booking": allowedAppointmentTypes mixes "*" with appointment type ids',
    ]);
  });

  it('keeps one allowlist per form: a booking field present, an appointment-type field takes no list', () => {
    const typeField = field(1, 'appointment-type', { label: 'Type', allowedAppointmentTypes: [uuid(7)] });
    // Without a booking field, the appointment-type field's own list is the form's one list.
    expect(checkFormDefinition([typeField])).toEqual([]);
    expect(checkFormDefinition([typeField, field(2, 'booking-calendar')])).toEqual([
      `Field "Type": on a form with a booking-calendar field, the booking field's allowedAppointmentTypes decides the appointment types; move this list there`,
    ]);
    expect(
      checkFormDefinition([
        field(1, 'appointment-type'),
        field(2, 'booking-calendar', { allowedAppointmentTypes: [uuid(7)] }),
      ]),
    ).toEqual([]);
  });

  it('lists every problem of one field', () => {
    const bad = field(1, 'select', {
      label: 'X',
      pattern: '(a+)+',
      min: 2,
      max: 1,
      showIf: [when(1, 'filled')],
    });
    expect(checkFormDefinition([bad])).toHaveLength(4);
  });
});
