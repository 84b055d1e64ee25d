/**
 * Lead entries and their create and merge-patch bodies.
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

const wholeObjectNull = (field: string) =>
  `\`${field}: null\` changes nothing, as if omitted: a merge patch cannot replace or remove the whole object (SPEC 4.1 merge rule 6), so delete keys one by one with null`;

/**
 * The merge-patch body of `PATCH /connect/table_entries/:id` (RFC 7396 on `data` and
 * `customFieldData`). `null` for a key inside them deletes that key. `data: null` and
 * `customFieldData: null` are accepted and change nothing, as if omitted (merge rule 6: a whole
 * object cannot be replaced or removed in one request), so a client that sends null for unset
 * fields can patch. `followUpDate` is an extension of the 2.16.0 API. Unknown keys are rejected.
 */
export const PatchTableEntryBodySchema = z
  .object({
    data: JsonObjectSchema.nullable()
      .optional()
      .describe(`Keys to set; a key set to null is deleted. ${wholeObjectNull('data')}`),
    customFieldData: JsonObjectSchema.nullable()
      .optional()
      .describe(
        `Custom-field values to set; a value set to null is deleted. ${wholeObjectNull('customFieldData')}`,
      ),
    leadStateId: UuidSchema.optional(),
    firstOpenedAt: DateTimeSchema.nullable().optional(),
    followUpDate: DateTimeSchema.nullable().optional(),
    interestedInAppointmentTypeId: UuidSchema.nullable().optional(),
  })
  .strict();
