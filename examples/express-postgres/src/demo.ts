/**
 * The demo data `start.ts` seeds: a studio on the resource planner with read, write and admin
 * tokens, a room of 8 seats open Monday to Saturday, a lead pool and a published booking form.
 *
 * @module
 */
import type { SeedFixture } from '@leadbook/contract';
import type { ConnectService } from '@leadbook/server';

const fixture: SeedFixture = {
  organizations: [
    {
      name: 'Leadbook Scale-out Demo',
      resourcePlanner: true,
      apiTokens: [
        { name: 'read', scopes: ['read'] },
        { name: 'write', scopes: ['write'] },
        { name: 'admin', scopes: ['admin'] },
      ],
      calendars: [{ name: 'Berlin Studio', tzdata: 'Europe/Berlin' }],
      tables: [
        {
          name: 'Website leads',
          leadStates: [
            { name: 'New', category: 'new', default: true },
            { name: 'Signed up', category: 'completed' },
          ],
        },
      ],
      appointmentTypes: [{ name: 'Group class', bookingLength: 60, searchLength: 60 }],
      resources: [
        {
          name: 'Studio room (8 seats)',
          maxParallelBookings: 8,
          calendarIds: ['Berlin Studio'],
          appointmentTypeIds: ['Group class'],
        },
      ],
      resourceSlots: [1, 2, 3, 4, 5, 6].map((weekday) => ({
        calendarId: 'Berlin Studio',
        resourceId: 'Studio room (8 seats)',
        weekday,
        startTime: '09:00',
        endTime: '21:00',
      })),
    },
  ],
};

/** What the demo prints and writes to LEADBOOK_DEMO_OUT (besides the instance URLs). */
export interface DemoData {
  organizationId: string;
  tokens: { read: string; write: string; admin: string };
  formId: string;
}

/** Seeds a new demo organization (tokens are shown once, so every start makes a new one). */
export async function seedDemo(service: ConnectService): Promise<DemoData> {
  const [org] = (await service.admin.seed(fixture)).organizations;
  const form = await service.admin.forms.create(org!.id, {
    name: 'Book a group class',
    published: true,
    tableId: org!.tables['Website leads']!.id,
    studios: [{ id: 'berlin', name: 'Berlin Studio', calendarIds: [org!.calendars['Berlin Studio']!] }],
    fields: [
      {
        id: 'd0000000-0000-4000-8000-000000000001',
        type: 'text',
        label: 'Name',
        dataKey: 'name',
        required: true,
      },
      {
        id: 'd0000000-0000-4000-8000-000000000002',
        type: 'email',
        label: 'Email',
        dataKey: 'email',
        required: true,
      },
    ],
  });
  return {
    organizationId: org!.id,
    tokens: {
      read: org!.tokens['read']!.token,
      write: org!.tokens['write']!.token,
      admin: org!.tokens['admin']!.token,
    },
    formId: form.id,
  };
}
