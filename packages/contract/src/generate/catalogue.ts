/**
 * The named types of the contract: each entry names a zod schema, says whether the type is what a
 * parse produces (`output`, `z.infer`) or what a caller writes (`input`, `z.input`), and carries the
 * type's TSDoc. `npm run types` renders them into `src/types.generated.ts`; a schema that reaches
 * another registered schema refers to it by name. Add a line for a new schema to its area's file in
 * `catalogue/` (this file joins them in the order of the generated file), then run `npm run types`.
 *
 * @module
 */
import { apiTypes } from './catalogue/api';
import { calendarFeedTypes } from './catalogue/calendar-feeds';
import { externalCalendarTypes } from './catalogue/external-calendars';
import type { TypeEntry } from './catalogue/entry';
import { inputTypes } from './catalogue/inputs';
import { publicCalendarTypes } from './catalogue/public-calendars';
import { recordTypes } from './catalogue/records';

export type { TypeEntry } from './catalogue/entry';

/** Every named type, in the order of the generated file. */
export const typeCatalogue = {
  ...apiTypes,
  ...inputTypes,
  ...recordTypes,
  ...externalCalendarTypes,
  ...calendarFeedTypes,
  ...publicCalendarTypes,
} satisfies Record<string, TypeEntry>;

/**
 * Discriminated unions whose members get a name each: `ServiceEvent` becomes
 * `TableEntryAddedEvent | TableEntryLeadStateChangedEvent | ...`, and a schema that reuses a member
 * (the `data` of a webhook delivery) refers to it by that name; `WebhookEvent` becomes
 * `TableEntryAddedDelivery | ... | WebhookPingDelivery`.
 */
export const namedUnionMembers = [
  { union: 'ServiceEvent', discriminator: 'type', suffix: 'Event' },
  { union: 'WebhookEvent', discriminator: 'type', suffix: 'Delivery' },
] as const;
