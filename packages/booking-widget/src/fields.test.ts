import { describe, expect, it } from 'vitest';
import { isShown, type FormField } from './fields';

const field = (id: string, extra: Partial<FormField> = {}): FormField =>
  ({ id, type: 'text', label: id, required: false, ...extra }) as FormField;

describe('showIf in the widget, as the service decides it', () => {
  const business = field('business', { type: 'checkbox' });
  const company = field('company', { showIf: [{ fieldId: 'business', operator: 'equals', value: true }] });
  const vat = field('vat', { showIf: [{ fieldId: 'company', operator: 'filled' }] });
  const byId = new Map([business, company, vat].map((f) => [f.id, f]));

  it('shows a field when its condition holds', () => {
    expect(isShown(company, {}, byId)).toBe(false);
    expect(isShown(company, { business: true }, byId)).toBe(true);
  });

  it('hides along the chain: a hidden field counts as empty', () => {
    expect(isShown(vat, { business: true, company: 'Acme' }, byId)).toBe(true);
    expect(isShown(vat, { business: false, company: 'Acme' }, byId)).toBe(false);
  });

  it('compares with in and notEquals as text', () => {
    const plan = field('plan', { showIf: [{ fieldId: 'size', operator: 'in', value: ['2', '3'] }] });
    const other = field('other', { showIf: [{ fieldId: 'size', operator: 'notEquals', value: 2 }] });
    expect(isShown(plan, { size: '3' }, byId)).toBe(true);
    expect(isShown(plan, { size: '4' }, byId)).toBe(false);
    expect(isShown(other, { size: '2' }, byId)).toBe(false);
  });
});
