/**
 * The request samples of the HTTP API reference: for every operation a curl command and the same
 * request through `@leadbook/sdk`, as `x-codeSamples` (which Redoc shows beside the operation). Both
 * are written from one set of example values, so they send the same request.
 *
 * @module
 * @internal
 */
import { INGRESS_TOKEN_HEADER } from '../auth';
import type { OperationDefinition, OperationId } from '../operations';

/** Example ids and times: valid values, not ones a service holds. */
const ID = {
  calendar: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  table: '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b',
  leadState: '3f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  entry: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  resource: '0c7e5a4b-3d2c-4b1a-9f8e-7d6c5b4a3f2e',
  appointmentType: '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910',
  booking: '2b3c4d5e-6f70-4819-a2b3-c4d5e6f70819',
  hold: '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
  form: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  ingressWebhook: 'd4c3b2a1-f6e5-4b7a-9d8c-5d4c3b2a1f0e',
  emailField: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  consentField: 'f0e1d2c3-b4a5-4f6e-9d8c-7b6a5f4e3d2c',
};
const START = '2030-01-07T09:00:00.000Z';
const END = '2030-01-07T10:00:00.000Z';
const WEEK = { start: '2030-01-07T00:00:00.000Z', end: '2030-01-14T00:00:00.000Z' };
const SLOT = {
  calendarId: ID.calendar,
  appointmentTypeId: ID.appointmentType,
  startDateTime: START,
  endDateTime: END,
};

/** An operation's example request, and its SDK call written with the same values as JS literals. */
interface SampleRequest {
  /** The path's `:id`. */
  id?: string;
  /** Query parameters. */
  query?: Record<string, string>;
  /** The JSON body. */
  body?: unknown;
  /** The SDK statement(s), given `id`, `query` and `body` as literals. */
  sdk: (literal: { id: string; query: string; body: string }) => string;
}

const SAMPLES: Record<OperationId, SampleRequest> = {
  listCalendars: { sdk: () => 'const calendars = await client.calendars.list();' },
  getCalendar: { id: ID.calendar, sdk: ({ id }) => `const calendar = await client.calendars.get(${id});` },
  listTables: { sdk: () => 'const pools = await client.tables.list();' },
  getTable: {
    id: ID.table,
    sdk: ({ id }) => `const pool = await client.tables.get(${id}); // with its lead states`,
  },
  listAppointmentTypes: { sdk: () => 'const types = await client.appointmentTypes.list();' },
  getAppointmentType: {
    id: ID.appointmentType,
    sdk: ({ id }) => `const type = await client.appointmentTypes.get(${id});`,
  },
  listResources: { sdk: () => 'const resources = await client.resources.list();' },
  getResource: { id: ID.resource, sdk: ({ id }) => `const resource = await client.resources.get(${id});` },
  listResourceSlots: {
    query: { calendarId: ID.calendar },
    sdk: ({ query }) => `const slots = await client.resourceSlots.list(${query});`,
  },
  listResourceSlotBlockers: {
    query: { calendarId: ID.calendar },
    sdk: ({ query }) => `const blockers = await client.resourceSlotBlockers.list(${query});`,
  },
  listResourceCalendarMappings: {
    query: { resourceId: ID.resource },
    sdk: ({ query }) => `const mappings = await client.resourceCalendarMappings.list(${query});`,
  },
  listAppointmentTypeResourceMappings: {
    query: { calendarId: ID.calendar },
    sdk: ({ query }) => `const mappings = await client.appointmentTypeResourceMappings.list(${query});`,
  },
  searchAvailability: {
    query: { calendarId: ID.calendar, appointmentTypeId: ID.appointmentType, ...WEEK },
    sdk: ({ query }) => `const { data: candidates } = await client.availability.search(${query});`,
  },
  createTableEntry: {
    body: {
      tableId: ID.table,
      leadStateId: ID.leadState,
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    },
    sdk: ({ body }) => `const lead = await client.leads.create(${body});`,
  },
  updateTableEntry: {
    id: ID.entry,
    body: { data: { phone: '+49 30 1234567', fax: null } },
    sdk: ({ id, body }) =>
      `// A JSON merge patch: a value sets a key, null deletes it.\nconst lead = await client.leads.update(${id}, ${body});`,
  },
  createCalendarBooking: {
    body: { ...SLOT, resourceId: ID.resource, entryId: ID.entry },
    sdk: ({ body }) =>
      `// The SDK sends an Idempotency-Key, the same on every retry.\nconst booking = await client.bookings.create(${body});`,
  },
  getCalendarBooking: {
    id: ID.booking,
    sdk: ({ id }) => `const booking = await client.bookings.get(${id});`,
  },
  rescheduleCalendarBooking: {
    id: ID.booking,
    body: { startDateTime: '2030-01-08T09:00:00.000Z', endDateTime: '2030-01-08T10:00:00.000Z' },
    sdk: ({ id, body }) => `const moved = await client.bookings.reschedule(${id}, ${body});`,
  },
  deleteCalendarBooking: { id: ID.booking, sdk: ({ id }) => `await client.bookings.delete(${id});` },
  createBookingHold: {
    body: { ...SLOT, resourceId: ID.resource, ttlSeconds: 300 },
    sdk: ({ body }) =>
      `const hold = await client.holds.create(${body});\n// then: client.bookings.create({ ...slot, holdId: hold.id })`,
  },
  deleteBookingHold: { id: ID.hold, sdk: ({ id }) => `await client.holds.release(${id});` },
  getPublicFormAvailability: { id: ID.form, sdk: () => 'const availability = await form.availability();' },
  listPublicSlots: {
    id: ID.form,
    query: { calendarId: ID.calendar, appointmentTypeId: ID.appointmentType, ...WEEK },
    sdk: ({ query }) => `const { data: slots } = await form.slots(${query});`,
  },
  listPublicAppointmentTypes: {
    id: ID.form,
    query: { calendarId: ID.calendar },
    sdk: ({ query }) => `const types = await form.appointmentTypes(${query});`,
  },
  getPublicFormConfig: {
    id: ID.form,
    sdk: () => 'const config = await form.config(); // fields, captcha, calendars',
  },
  listPublicFormCalendars: {
    id: ID.form,
    sdk: () => 'const calendars = await form.calendars(); // [{ id, name, timeZone }]',
  },
  submitPublicForm: {
    id: ID.form,
    body: {
      data: { [ID.emailField]: 'ada@example.com', [ID.consentField]: 'true' },
      bookingSlot: SLOT,
      holdId: ID.hold,
    },
    sdk: ({ body }) =>
      `// data is keyed by the form's field ids (see form.config()).\nconst result = await form.submit(${body});`,
  },
  createPublicFormHold: {
    id: ID.form,
    body: SLOT,
    sdk: ({ body }) => `const hold = await form.hold(${body}); // submit with { holdId: hold.id }`,
  },
  sendPublicFormTelemetry: {
    id: ID.form,
    body: { events: [{ name: 'step_completed', step: 2 }] },
    sdk: () =>
      "// Batched: sent every 2 s, at 20 events, or when the page hides.\nform.telemetry.track({ name: 'step_completed', step: 2 });\nawait form.telemetry.flush();",
  },
  pushIngressWebhook: {
    id: ID.ingressWebhook,
    body: { data: { firstName: 'Grace', email: 'grace@example.com', source: 'landing page' } },
    sdk: ({ body }) => `const lead = await ingress.push(${body});`,
  },
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as a JavaScript literal: single-quoted strings, bare keys where they may be bare. */
function literal(value: unknown, indent = ''): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== 'object') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, indent)).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : literal(key)}: ${literal(item, inner)},`,
  );
  return `{\n${entries.join('\n')}\n${indent}}`;
}

/** The first lines of an SDK sample: the client of the operation's surface. */
function sdkPrelude(op: OperationDefinition, id: string): string {
  if (op.surface === 'connect') {
    return [
      "import { ConnectClient } from '@leadbook/sdk';",
      '',
      '// baseUrl and apiToken default to LEADBOOK_BASE_URL and LEADBOOK_API_TOKEN.',
      'const client = new ConnectClient();',
    ].join('\n');
  }
  if (op.surface === 'ingress') {
    return [
      "import { IngressClient } from '@leadbook/sdk';",
      '',
      '// baseUrl and token default to LEADBOOK_BASE_URL and LEADBOOK_INGRESS_TOKEN.',
      `const ingress = new IngressClient({ webhookId: ${literal(id)} });`,
    ].join('\n');
  }
  return [
    "import { PublicFormClient } from '@leadbook/sdk/public-form';",
    '',
    '// In the browser, with no token: the form id is the key.',
    `const form = new PublicFormClient({ baseUrl: 'https://leadbook.example.com', formId: ${literal(id)} });`,
  ].join('\n');
}

/** The curl command of an example request. */
function curl(op: OperationDefinition, sample: SampleRequest): string {
  const base = op.surface === 'public-form' ? 'https://leadbook.example.com' : '$LEADBOOK_BASE_URL';
  const path = op.path.replace(':id', sample.id ?? '');
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
  const lines = [`curl${op.method === 'GET' ? '' : ` -X ${op.method}`} "${base}${path}${query}"`];
  if (op.surface === 'connect') lines.push('-H "Authorization: Bearer $LEADBOOK_API_TOKEN"');
  if (op.surface === 'ingress') lines.push(`-H "${INGRESS_TOKEN_HEADER}: $LEADBOOK_INGRESS_TOKEN"`);
  if (op.headers?.['Idempotency-Key'] !== undefined) lines.push('-H "Idempotency-Key: $(uuidgen)"');
  if (sample.body !== undefined) {
    lines.push(
      "-H 'Content-Type: application/json'",
      `-d '${JSON.stringify(sample.body, null, 2).replace(/\n/g, '\n  ')}'`,
    );
  }
  return lines.join(' \\\n  ');
}

/** One sample of an operation, as Redoc reads `x-codeSamples`. */
export interface CodeSample {
  /** The language, for highlighting. */
  lang: 'Shell' | 'TypeScript';
  /** The tab's label. */
  label: string;
  /** The code. */
  source: string;
}

/** The example request of an operation: what its samples send (the tests check both send it). */
export function exampleRequest(operationId: OperationId): Omit<SampleRequest, 'sdk'> {
  const { sdk: _sdk, ...request } = SAMPLES[operationId];
  return request;
}

/** The `x-codeSamples` of an operation: curl, and the same request through `@leadbook/sdk`. */
export function codeSamplesOf(op: OperationDefinition): CodeSample[] {
  const sample = SAMPLES[op.operationId as OperationId];
  const call = sample.sdk({
    id: literal(sample.id ?? ''),
    query: literal(sample.query ?? {}),
    body: literal(sample.body ?? {}),
  });
  return [
    { lang: 'Shell', label: 'curl', source: curl(op, sample) },
    { lang: 'TypeScript', label: '@leadbook/sdk', source: `${sdkPrelude(op, sample.id ?? '')}\n\n${call}\n` },
  ];
}
