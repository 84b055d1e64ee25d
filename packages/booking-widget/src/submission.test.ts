import { describe, expect, it } from 'vitest';
import type { FormField } from './fields';
import { submissionBody } from './submission';

const field = (id: string, extra: Partial<FormField> = {}): FormField =>
  ({ id, type: 'text', label: id, required: false, ...extra }) as FormField;

const hold = {
  id: 'hold-1',
  calendarId: 'cal',
  appointmentTypeId: 'trial',
  resourceId: 'coach',
  resourceSlotId: 'slot',
  startDateTime: '2030-03-29T08:00:00.000Z',
  endDateTime: '2030-03-29T09:00:00.000Z',
  expiresAt: '2030-03-28T00:05:00.000Z',
};

describe('the submit body', () => {
  const fields = [
    field('name'),
    field('business', { type: 'checkbox' }),
    field('company', { showIf: [{ fieldId: 'business', operator: 'equals', value: true }] }),
    field('type', { type: 'appointment-type' }),
    field('phone', { type: 'tel' }),
  ];

  it('sends what the visitor was shown, the booked type, and the hold on its slot', () => {
    const body = submissionBody({
      fields,
      values: { name: 'Ada', business: false, company: 'left over', phone: '' },
      hold,
      studioId: 'main',
      captchaToken: undefined,
    });
    expect(body).toEqual({
      data: { name: 'Ada', type: 'trial' },
      studioId: 'main',
      bookingSlot: {
        calendarId: 'cal',
        appointmentTypeId: 'trial',
        resourceId: 'coach',
        startDateTime: '2030-03-29T08:00:00.000Z',
        endDateTime: '2030-03-29T09:00:00.000Z',
      },
      holdId: 'hold-1',
    });
  });

  it('keeps a field its rule shows, and the captcha token', () => {
    const body = submissionBody({
      fields,
      values: { name: 'Ada', business: true, company: 'Acme' },
      hold,
      studioId: 'main',
      captchaToken: 'token',
    });
    expect(body.data).toEqual({ name: 'Ada', business: true, company: 'Acme', type: 'trial' });
    expect(body.captchaToken).toBe('token');
  });
});
