/** Valid example values of the contract's shapes, shared by the contract tests. */
export const ids = {
  org: 'org_demo',
  calendar: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  table: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  state: '3f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  entry: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  resource: '0c7e5a4b-3d2c-4b1a-9f8e-7d6c5b4a3f2e',
  slot: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  type: '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910',
  booking: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819',
  token: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
};
const at = '2025-03-30T09:00:00.000Z';
const stamps = { createdAt: at, updatedAt: at };

export const calendar = {
  id: ids.calendar,
  organizationId: ids.org,
  name: 'Berlin studio',
  color: '#1A2b3C',
  archived: false,
  tzdata: 'Europe/Berlin',
  count: 3,
  ...stamps,
};
export const scheduleType = {
  id: ids.type,
  name: 'Intro',
  color: '#aabbcc',
  organizationId: ids.org,
  calendarId: ids.calendar,
  count: 0,
};
export const table = {
  id: ids.table,
  name: 'Leads',
  color: '#112233',
  organizationId: ids.org,
  archived: false,
  ...stamps,
};
export const leadState = {
  id: ids.state,
  name: 'New',
  color: '#445566',
  organizationId: ids.org,
  order: 0,
  category: 'new',
  tableId: ids.table,
  default: true,
  count: 1,
};
export const schemaField = {
  friendlyName: 'Email',
  type: 'string',
  specialType: 'email',
  frequency: 2,
  lastSeen: at,
  isDeprecated: false,
};
export const tableDetail = {
  ...table,
  leadStates: [leadState],
  schema: {
    id: ids.table,
    tableId: ids.table,
    organizationId: ids.org,
    fields: { email: schemaField },
    ...stamps,
  },
};
export const entry = {
  id: ids.entry,
  tableId: ids.table,
  organizationId: ids.org,
  archived: false,
  data: { email: 'ada@example.com', tags: ['a'] },
  customFieldData: {},
  leadStateId: ids.state,
  firstOpenedAt: null,
  followUpDate: null,
  interestedInAppointmentTypeId: null,
  ...stamps,
};
export const appointmentType = {
  id: ids.type,
  organizationId: ids.org,
  name: 'Trial class',
  color: '#00ff00',
  bookingLength: 60,
  searchLength: 15,
  archived: false,
  ...stamps,
};
export const resource = {
  id: ids.resource,
  organizationId: ids.org,
  name: 'Room A',
  color: '#ff0000',
  maxParallelBookings: 8,
  archived: false,
  ...stamps,
};
export const resourceSlot = {
  id: ids.slot,
  organizationId: ids.org,
  calendarId: ids.calendar,
  resourceId: ids.resource,
  weekday: 1,
  startTime: '09:00',
  endTime: '24:00',
  validFrom: '2025-01-02',
  validUntil: null,
  publiclyBookable: true,
  ...stamps,
};
export const blocker = {
  id: ids.slot,
  organizationId: ids.org,
  calendarId: ids.calendar,
  resourceId: null,
  startDateTime: at,
  endDateTime: '2025-03-31T09:00:00Z',
  reason: 'Holiday',
  ...stamps,
};
export const booking = {
  id: ids.booking,
  organizationId: ids.org,
  calendarId: ids.calendar,
  createdAt: at,
  startDateTime: at,
  endDateTime: '2025-03-30T10:00:00.000Z',
  tableEntryId: ids.entry,
  tableEntryData: entry.data,
  tableId: ids.table,
  tableSchemaFields: { email: schemaField },
  resourceId: ids.resource,
  appointmentTypeId: ids.type,
  resourceSlotId: ids.slot,
  leadStateName: 'New',
  leadStateColor: '#445566',
  meetingProvider: null,
  meetingStatus: null,
};
export const availabilitySlot = {
  resourceId: ids.resource,
  resourceSlotId: ids.slot,
  startDateTime: at,
  endDateTime: '2025-03-30T10:00:00.000Z',
  available: true,
  resourceName: 'Room A',
  resourceColor: '#ff0000',
  maxParallelBookings: 8,
  currentBookings: 2,
  remaining: 6,
};
export const publicSlot = {
  resourceId: ids.resource,
  resourceName: 'Room A',
  resourceColor: '#ff0000',
  resourceSlotId: ids.slot,
  appointmentTypeId: ids.type,
  startDateTime: at,
  endDateTime: '2025-03-30T10:00:00.000Z',
  maxParallelBookings: 8,
  currentBookings: 2,
  available: true,
};
