/**
 * Lead pools (tables), lead states, the inferred data schema and custom fields.
 *
 * @module
 */
import { z } from 'zod';
import { ColorSchema, DateTimeSchema, OrganizationIdSchema, UuidSchema } from './primitives';

/** A lead pool (table). */
export const TableSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  color: ColorSchema,
  organizationId: OrganizationIdSchema.nullable(),
  archived: z.boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  count: z.number().int().nonnegative().optional().describe('Number of lead entries in the pool'),
});

/** The four lead-state categories. */
export const LEAD_STATE_CATEGORIES = ['new', 'inProgress', 'completed', 'notCompleted'] as const;

/** A lead-state category. */
export const LeadStateCategorySchema = z.enum(LEAD_STATE_CATEGORIES);

/** A lead state of a pool. Exactly one state of a pool has `default: true`. */
export const LeadStateSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  color: ColorSchema,
  organizationId: OrganizationIdSchema,
  order: z.number(),
  category: LeadStateCategorySchema,
  tableId: UuidSchema,
  default: z.boolean().describe('The initial state of new entries'),
  count: z.number().int().nonnegative().describe('Number of lead entries in this state'),
});

/** The `specialType` values of a schema field. */
export const SPECIAL_TYPES = [
  'date',
  'email',
  'name',
  'firstName',
  'middleName',
  'lastName',
  'childFirstName',
  'childMiddleName',
  'childLastName',
  'phone',
  'url',
  'currency',
  'percentage',
] as const;

/** A schema field's special type. */
export const SpecialTypeSchema = z.enum(SPECIAL_TYPES);

/**
 * The types the service infers for lead data keys. `string`, `number`, `boolean` and `string[]` come
 * from ingress and Connect writes; `object` and `array` only from Connect writes (free-form data).
 */
export const INFERRED_TYPES = ['string', 'number', 'boolean', 'string[]', 'object', 'array'] as const;

/** The minimal descriptor of a schema field: a friendly name, a type and an optional special type. */
export const SchemaFieldDescriptorSchema = z.object({
  friendlyName: z.string(),
  type: z.string().describe('Inferred type, one of string, number, boolean, string[], object, array'),
  specialType: SpecialTypeSchema.optional(),
});

/** Validation hints of a schema field. */
export const SchemaFieldValidationSchema = z.object({
  pattern: z.string().optional(),
  required: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

/** The full descriptor of a schema field, with its `tableSchemaFields` attributes. */
export const TableSchemaFieldSchema = SchemaFieldDescriptorSchema.extend({
  primaryOfSpecialType: z.boolean().optional(),
  hidden: z.boolean().optional(),
  description: z.string().optional(),
  validation: SchemaFieldValidationSchema.optional(),
  frequency: z.number().int().nonnegative().describe('How many writes carried this key'),
  lastSeen: z.string().describe('When a write last carried this key (ISO-8601)'),
  isDeprecated: z.boolean(),
  converted: z.boolean().optional(),
  convertedToCustomFieldId: z.string().optional(),
  mergedInto: z.string().optional(),
});

/** A map from lead-data key to its field descriptor. */
export const TableSchemaFieldsSchema = z.record(z.string(), TableSchemaFieldSchema);

/** The data schema of a pool, inferred from lead `data` writes over time. */
export const TableDataSchemaSchema = z.object({
  id: UuidSchema,
  tableId: UuidSchema,
  organizationId: OrganizationIdSchema,
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  fields: TableSchemaFieldsSchema,
});

/** The value kinds of a custom field. */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'select', 'multiselect'] as const;

/**
 * A custom field of a pool. `customFieldData` of an entry is keyed
 * by these ids, and each value must match the field's type (`null` clears a value).
 */
export const CustomFieldSchema = z.object({
  id: UuidSchema,
  organizationId: OrganizationIdSchema,
  tableId: UuidSchema,
  name: z.string().min(1),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()).optional().describe('Allowed values of select and multiselect fields'),
});

/**
 * The single-table response: a pool plus its `leadStates` and `schema`. `customFields` is an
 * extension of the 2.16.0 API, so integrators can discover the ids `customFieldData` accepts.
 */
export const TableDetailSchema = TableSchema.extend({
  leadStates: z.array(LeadStateSchema),
  schema: TableDataSchemaSchema,
  customFields: z.array(CustomFieldSchema).optional(),
});
