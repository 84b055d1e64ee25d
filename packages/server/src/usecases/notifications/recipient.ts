/**
 * Who a booking's notifications go to: the linked lead's email address, name and locale.
 *
 * @module
 */
import type { CalendarBooking, SpecialType } from '@leadbook/contract';
import type { TableEntryRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';

/** The lead a message goes to. */
export interface NotificationRecipient {
  /** The email address. */
  email: string;
  /** The lead's name, or null. */
  name: string | null;
  /** The lead's locale (`data.locale`), or null. */
  locale: string | null;
}

// What a mail server takes as one address: no spaces or angle brackets, one @, a dot after it.
const ADDRESS = /^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+\.[^\s@<>"(),;:\\[\]]+$/;
const MAX_ADDRESS_LENGTH = 254;
const MAX_NAME_LENGTH = 200;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The data keys whose fields of the pool schema have `specialType`, in the schema's order. */
async function keysOfType(tx: Repositories, entry: TableEntryRecord, type: SpecialType): Promise<string[]> {
  const schema = await tx.tableSchemas.get(entry.organizationId, entry.tableId);
  return Object.entries(schema?.fields ?? {})
    .filter(([, field]) => field.specialType === type && !field.isDeprecated)
    .map(([key]) => key);
}

/** The data keys of the `email` fields of the form a booking came through, in the form's order. */
async function formEmailKeys(tx: Repositories, org: string, formId: string | null): Promise<string[]> {
  if (!formId) return [];
  const form = await tx.forms.get(org, formId);
  return (form?.fields ?? [])
    .filter((field) => field.type === 'email')
    .map((field) => field.dataKey ?? field.id);
}

async function nameOf(tx: Repositories, entry: TableEntryRecord): Promise<string | null> {
  for (const key of await keysOfType(tx, entry, 'name')) {
    const name = text(entry.data[key]);
    if (name) return name.slice(0, MAX_NAME_LENGTH);
  }
  const [first, last] = await Promise.all([
    keysOfType(tx, entry, 'firstName'),
    keysOfType(tx, entry, 'lastName'),
  ]);
  const parts = [first[0], last[0]].map((key) => (key === undefined ? null : text(entry.data[key])));
  const joined = parts.filter((part) => part !== null).join(' ');
  return joined === '' ? null : joined.slice(0, MAX_NAME_LENGTH);
}

/**
 * The recipient of a booking's messages, or null when there is none. The booking's linked lead
 * (`tableEntryId`) is read; its address is the first of these that holds one:
 *
 * 1. the `email` fields of the form the booking came through (`formId`), by their data key;
 * 2. the lead data keys the pool's inferred schema marks `specialType: 'email'` (keys such as
 *    `email`, `e-mail` or `emailAddress`), in the schema's order;
 * 3. the data key `email`.
 *
 * The name comes from the `name` fields (or `firstName` and `lastName`), the locale from `data.locale`.
 */
export async function findRecipient(
  tx: Repositories,
  booking: CalendarBooking,
  formId: string | null,
): Promise<NotificationRecipient | null> {
  if (!booking.tableEntryId) return null;
  const entry = await tx.entries.get(booking.organizationId, booking.tableEntryId);
  if (!entry) return null;
  const keys = [
    ...(await formEmailKeys(tx, booking.organizationId, formId)),
    ...(await keysOfType(tx, entry, 'email')),
    'email',
  ];
  for (const key of keys) {
    const email = text(entry.data[key]);
    if (email && email.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(email)) {
      return { email, name: await nameOf(tx, entry), locale: text(entry.data['locale']) };
    }
  }
  return null;
}
