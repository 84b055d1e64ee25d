import type { SeedFixture } from '@leadbook/contract';

const weekdays = [1, 2, 3, 4, 5, 6];

/**
 * The demo organization: on the resource planner, with read/write/admin tokens, two calendars in
 * different zones, a pool with lead states of all four categories, appointment types, resources of
 * capacity 1 and 8, weekly slots on both calendars and a blocker.
 */
export const demoFixture: SeedFixture = {
  organizations: [
    {
      name: 'Leadbook Demo Studio',
      resourcePlanner: true,
      apiTokens: [
        { name: 'read', scopes: ['read'] },
        { name: 'write', scopes: ['write'] },
        { name: 'admin', scopes: ['admin'] },
      ],
      calendars: [
        { name: 'Berlin Studio', tzdata: 'Europe/Berlin', color: '#2563eb' },
        { name: 'New York Studio', tzdata: 'America/New_York', color: '#16a34a' },
      ],
      tables: [
        {
          name: 'Website leads',
          color: '#f59e0b',
          leadStates: [
            { name: 'New', category: 'new', color: '#3b82f6', default: true },
            { name: 'Contacted', category: 'inProgress', color: '#8b5cf6' },
            { name: 'Signed up', category: 'completed', color: '#22c55e' },
            { name: 'Not interested', category: 'notCompleted', color: '#ef4444' },
          ],
          customFields: [{ name: 'Membership', type: 'select', options: ['basic', 'premium'] }],
        },
      ],
      appointmentTypes: [
        { name: 'Trial session', bookingLength: 60, searchLength: 15, color: '#0ea5e9' },
        { name: 'Group class', bookingLength: 60, searchLength: 60, color: '#a855f7' },
      ],
      resources: [
        {
          name: 'Coach Alex',
          maxParallelBookings: 1,
          calendarIds: ['Berlin Studio', 'New York Studio'],
          appointmentTypeIds: ['Trial session'],
        },
        {
          name: 'Studio room (8 seats)',
          maxParallelBookings: 8,
          calendarIds: ['Berlin Studio', 'New York Studio'],
          appointmentTypeIds: ['Group class', 'Trial session'],
        },
      ],
      resourceSlots: weekdays.flatMap((weekday) => [
        {
          calendarId: 'Berlin Studio',
          resourceId: 'Coach Alex',
          weekday,
          startTime: '09:00',
          endTime: '13:00',
        },
        {
          calendarId: 'Berlin Studio',
          resourceId: 'Studio room (8 seats)',
          weekday,
          startTime: '17:00',
          endTime: '21:00',
        },
        {
          calendarId: 'New York Studio',
          resourceId: 'Coach Alex',
          weekday,
          startTime: '14:00',
          endTime: '18:00',
        },
        {
          calendarId: 'New York Studio',
          resourceId: 'Studio room (8 seats)',
          weekday,
          startTime: '07:00',
          endTime: '10:00',
        },
      ]),
      blockers: [
        {
          calendarId: 'Berlin Studio',
          resourceId: null,
          startDateTime: '2026-12-24T00:00:00+01:00',
          endDateTime: '2026-12-27T00:00:00+01:00',
          reason: 'Christmas closure',
        },
      ],
    },
  ],
};
