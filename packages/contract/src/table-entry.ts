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

const WHOLE_OBJECT_NULL =
  'null is refused with 400: a merge patch cannot remove the whole object (SPEC 4.1 merge rule 6); delete keys one by one with null';

/**
 * The merge-patch body of `PATCH /connect/table_entries/:id` (RFC 7396 on `data` and
 * `customFieldData`). `null` deletes a key. `data: null` and `customFieldData: null` keep their
 * place in the 2.16.0 shape but are refused with a 400 (merge rule 6: a whole object cannot be
 * replaced or removed in one request). `followUpDate` is an extension of the 2.16.0 API. Unknown keys are
 * rejected.
 */
export const PatchTableEntryBodySchema = z
  .object({
    data: JsonObjectSchema.nullable()
      .optional()
      .describe(`Keys to set, or null to delete; ${WHOLE_OBJECT_NULL}`),
    customFieldData: JsonObjectSchema.nullable()
      .optional()
      .describe(`Custom-field values to set, or null to delete; ${WHOLE_OBJECT_NULL}`),
    leadStateId: UuidSchema.optional(),
    firstOpenedAt: DateTimeSchema.nullable().optional(),
    followUpDate: DateTimeSchema.nullable().optional(),
    interestedInAppointmentTypeId: UuidSchema.nullable().optional(),
  })
  .strict();
