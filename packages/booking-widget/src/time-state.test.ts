import type { PublicFormConfig } from '@leadbook/sdk/public-form';
import { describe, expect, it } from 'vitest';
import { messagesFor } from './messages';
import { applyMonth, applyTypes, calendarChoices, initialSelection, timeStepState } from './time-state';

const config = {
  id: 'form',
  name: 'Form',
  fields: [],
  studios: [
    { id: 'berlin', name: 'Berlin', calendarIds: ['b1', 'b2'] },
    { id: 'ny', name: 'New York', calendarIds: ['n1'] },
  ],
  captcha: null,
} as PublicFormConfig;
const NOW = Date.parse('2030-03-28T12:00:00Z');
const none = { studio: null, calendar: null, appointmentType: null, date: null };

describe('the time step starts from the form and the attributes', () => {
  it("opens today's month on the first studio's first calendar, no day chosen", () => {
    expect(initialSelection(config, none, 'Europe/Berlin', NOW)).toMatchObject({
      studioId: 'berlin',
      calendarId: 'b1',
      month: '2030-03-01',
      focusDay: '2030-03-28',
      selectedDay: undefined,
    });
  });

  it("takes a preselected calendar's studio, and opens a preselected day", () => {
    const s = initialSelection(config, { ...none, calendar: 'n1', date: '2030-04-02' }, 'UTC', NOW);
    expect(s).toMatchObject({
      studioId: 'ny',
      calendarId: 'n1',
      month: '2030-04-01',
      selectedDay: '2030-04-02',
    });
  });

  it('opens today for a past or garbled date, and ignores a calendar of another studio', () => {
    const past = initialSelection(
      config,
      { ...none, studio: 'berlin', calendar: 'n1', date: '2030-01-02' },
      'UTC',
      NOW,
    );
    expect(past).toMatchObject({ studioId: 'berlin', calendarId: 'b1', focusDay: '2030-03-28' });
    expect(initialSelection(config, { ...none, date: '28.3.2030' }, 'UTC', NOW).focusDay).toBe('2030-03-28');
  });
});

describe('what the time step shows', () => {
  const t = messagesFor('en');

  it('names calendars by the given names, and numbers the others', () => {
    const names: Record<string, string> = { b2: 'Room 2' };
    expect(calendarChoices(config, 'berlin', (id) => names[id], t)).toEqual([
      { id: 'b1', name: 'Calendar 1' },
      { id: 'b2', name: 'Room 2' },
    ]);
  });

  it("lets the visitor go forward only while the form's window reaches the next month", () => {
    const s = initialSelection(config, none, 'UTC', NOW);
    const view = { t, locale: 'en', zone: 'UTC', calendarZone: undefined };
    expect(timeStepState(s, view, NOW, 14)).toMatchObject({ canGoBack: false, canGoForward: true });
    expect(timeStepState(s, view, NOW, 3)).toMatchObject({ canGoForward: false });
  });
});

describe('what a load changes', () => {
  const types = [
    { id: 'trial', name: 'Trial', duration: 60 },
    { id: 'group', name: 'Group', duration: 60 },
  ];

  it("keeps a chosen type the calendar offers, and else takes the calendar's first", () => {
    const s = initialSelection(config, { ...none, appointmentType: 'group' }, 'UTC', NOW);
    applyTypes(s, types);
    expect(s.typeId).toBe('group');
    applyTypes(s, types.slice(0, 1));
    expect(s.typeId).toBe('trial');
    applyTypes(s, []);
    expect(s.typeId).toBe('');
  });

  it("chooses the month's first free day unless a day is chosen or the grid is moving", () => {
    const free = new Map([
      ['2030-03-30', []],
      ['2030-03-29', []],
    ]);
    const s = initialSelection(config, none, 'UTC', NOW);
    applyMonth(s, free, true);
    expect(s.selectedDay).toBeUndefined();
    applyMonth(s, free, false);
    expect(s).toMatchObject({ selectedDay: '2030-03-29', focusDay: '2030-03-29' });
    applyMonth(s, new Map([['2030-03-31', []]]), false);
    expect(s.selectedDay).toBe('2030-03-29');
  });
});
