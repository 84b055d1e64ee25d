import type { SeedFixture } from '@leadbook/contract';
import { day } from '../../../test-support/time';

/** Fixed ids so tests can name things. */
export const ID = {
  orgA: 'org-a',
  orgB: 'org-b',
  calBerlin: '11111111-1111-4111-8111-111111111111',
  calNewYork: '22222222-2222-4222-8222-222222222222',
  calB: '33333333-3333-4333-8333-333333333333',
  tableA: '44444444-4444-4444-8444-444444444444',
  tableA2: '45444444-4444-4444-8444-444444444444',
  tableB: '55555555-5555-4555-8555-555555555555',
  stateNew: '66666666-6666-4666-8666-666666666661',
  stateWorking: '66666666-6666-4666-8666-666666666662',
  stateWon: '66666666-6666-4666-8666-666666666663',
  stateOtherPool: '66666666-6666-4666-8666-666666666664',
  stateB: '66666666-6666-4666-8666-666666666665',
  fieldBudget: '77777777-7777-4777-8777-777777777771',
  fieldPlan: '77777777-7777-4777-8777-777777777772',
  typeTrial: '88888888-8888-4888-8888-888888888881',
  typeClass: '88888888-8888-4888-8888-888888888882',
  typeB: '88888888-8888-4888-8888-888888888883',
  roomOne: '99999999-9999-4999-8999-999999999991',
  roomEight: '99999999-9999-4999-8999-999999999992',
  resourceB: '99999999-9999-4999-8999-999999999993',
  slotOne: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
  slotEight: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  slotNewYork: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3',
  slotB: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa4',
  blockerA: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1',
  blockerB: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb2',
  scheduleType: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc1',
} as const;

const hex = (c: string) => c.repeat(64);
/** Fixed tokens (valid format) so tests can send them. */
export const TOKEN = {
  read: `service_live_${hex('a')}`,
  write: `service_live_${hex('b')}`,
  admin: `service_live_${hex('c')}`,
  orgB: `service_live_${hex('d')}`,
};

/** Two organizations: A with a full setup, B with one of everything (for tenancy tests). */
export const fixture: SeedFixture = {
  organizations: [
    {
      id: ID.orgA,
      name: 'Studio A',
      resourcePlanner: true,
      apiTokens: [
        { name: 'read', scopes: ['read'], token: TOKEN.read },
        { name: 'write', scopes: ['write'], token: TOKEN.write },
        { name: 'admin', scopes: ['admin'], token: TOKEN.admin },
      ],
      calendars: [
        {
          id: ID.calBerlin,
          name: 'Berlin',
          tzdata: 'Europe/Berlin',
          scheduleTypes: [{ id: ID.scheduleType, name: 'Legacy intro' }],
        },
        { id: ID.calNewYork, name: 'New York', tzdata: 'America/New_York', color: '#00aa00' },
      ],
      tables: [
        {
          id: ID.tableA,
          name: 'Leads',
          leadStates: [
            { id: ID.stateNew, name: 'New', category: 'new', default: true },
            { id: ID.stateWorking, name: 'Working', category: 'inProgress' },
            { id: ID.stateWon, name: 'Won', category: 'completed' },
          ],
          customFields: [
            { id: ID.fieldBudget, name: 'Budget', type: 'number' },
            { id: ID.fieldPlan, name: 'Plan', type: 'select', options: ['basic', 'pro'] },
          ],
        },
        {
          id: ID.tableA2,
          name: 'Other pool',
          leadStates: [{ id: ID.stateOtherPool, name: 'Fresh', category: 'new' }],
        },
      ],
      appointmentTypes: [
        { id: ID.typeTrial, name: 'Trial', bookingLength: 60, searchLength: 15 },
        { id: ID.typeClass, name: 'Class', bookingLength: 30, searchLength: 30 },
      ],
      resources: [
        {
          id: ID.roomOne,
          name: 'Room 1',
          maxParallelBookings: 1,
          calendarIds: ['Berlin'],
          appointmentTypeIds: ['Trial'],
        },
        {
          id: ID.roomEight,
          name: 'Room 8',
          maxParallelBookings: 8,
          calendarIds: ['Berlin', 'New York'],
          appointmentTypeIds: ['Trial', 'Class'],
        },
      ],
      resourceSlots: [
        {
          id: ID.slotOne,
          calendarId: 'Berlin',
          resourceId: 'Room 1',
          weekday: 1,
          startTime: '09:00',
          endTime: '12:00',
        },
        {
          id: ID.slotEight,
          calendarId: 'Berlin',
          resourceId: 'Room 8',
          weekday: 2,
          startTime: '14:00',
          endTime: '18:00',
        },
        {
          id: ID.slotNewYork,
          calendarId: 'New York',
          resourceId: 'Room 8',
          weekday: 3,
          startTime: '09:00',
          endTime: '17:00',
          publiclyBookable: false,
        },
      ],
      blockers: [
        {
          id: ID.blockerA,
          calendarId: 'Berlin',
          resourceId: null,
          startDateTime: `${day(32)}T00:00:00Z`,
          endDateTime: `${day(35)}T00:00:00Z`,
          reason: 'Holidays',
        },
      ],
    },
    {
      id: ID.orgB,
      name: 'Studio B',
      apiTokens: [{ name: 'all', scopes: ['admin'], token: TOKEN.orgB }],
      calendars: [{ id: ID.calB, name: 'B', tzdata: 'Asia/Kolkata' }],
      tables: [
        { id: ID.tableB, name: 'B leads', leadStates: [{ id: ID.stateB, name: 'New', category: 'new' }] },
      ],
      appointmentTypes: [{ id: ID.typeB, name: 'B type', bookingLength: 30, searchLength: 30 }],
      resources: [
        {
          id: ID.resourceB,
          name: 'B room',
          maxParallelBookings: 2,
          calendarIds: ['B'],
          appointmentTypeIds: ['B type'],
        },
      ],
      resourceSlots: [
        {
          id: ID.slotB,
          calendarId: 'B',
          resourceId: 'B room',
          weekday: 1,
          startTime: '10:00',
          endTime: '11:00',
        },
      ],
      blockers: [
        {
          id: ID.blockerB,
          calendarId: 'B',
          startDateTime: `${day(32)}T00:00:00Z`,
          endDateTime: `${day(33)}T00:00:00Z`,
        },
      ],
    },
  ],
};
