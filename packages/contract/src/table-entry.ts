/**
 * Lead entries and their create and merge-patch bodies (SPEC 2.3, 4.1).
 *
 * @module
 */
import { z } from 'zod';
import { DateTimeSchema, JsonObjectSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** A lead entry of a pool. */
export const TableEntrySchema = z.object({
  id: UuidSchema,
  tableId: UuidSchema.describe('The Lead Pool the entry belongs to'),
  organizationId: OrganizationIdSchema,
  archived: z.boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  data: JsonObjectSchema.describe('Free-form lead data; the pool schema is inferred from it'),
  customFieldData: JsonObjectSchema.optional().describe('Values keyed by custom-field id'),
  leadStateId: UuidSchema,
  firstOpenedAt: DateTimeSchema.nullable(),
  followUpDate: DateTimeSchema.nullable(),
  interestedInAppointmentTypeId: UuidSchema.nullable().optional(),
});

/** A lead entry (SPEC 2.3). */
export type TableEntry = z.infer<typeof TableEntrySchema>;

/** The body of `POST /connect/table_entries/`. Unknown keys are rejected. */
export const CreateTableEntryBodySchema = z
  .object({
    tableId: UuidSchema,
    data: JsonObjectSchema,
    customFieldData: JsonObjectSchema.optional(),
    leadStateId: UuidSchema.describe('Must be a lead state of the same pool'),
    interestedInAppointmentTypeId: UuidSchema.nullable().optional(),
  })
  .strict();

/** The body of `POST /connect/table_entries/`. */
export type CreateTableEntryBody = z.infer<typeof CreateTableEntryBodySchema>;

/**
 * The merge-patch body of `PATCH /connect/table_entries/:id` (RFC 7396 on `data` and
 * `customFieldData`). `null` deletes a key; `data: null` or `customFieldData: null` deletes every key
 * of that object. `followUpDate` is an addition beyond SPEC. Unknown keys are rejected.
 */
export const PatchTableEntryBodySchema = z
  .object({
    data: JsonObjectSchema.nullable().optional(),
    customFieldData: JsonObjectSchema.nullable().optional(),
    leadStateId: UuidSchema.optional(),
    firstOpenedAt: DateTimeSchema.nullable().optional(),
    followUpDate: DateTimeSchema.nullable().optional(),
    interestedInAppointmentTypeId: UuidSchema.nullable().optional(),
  })
  .strict();

/** The merge-patch body of `PATCH /connect/table_entries/:id`. */
export type PatchTableEntryBody = z.infer<typeof PatchTableEntryBodySchema>;
