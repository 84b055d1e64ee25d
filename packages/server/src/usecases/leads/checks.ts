/**
 * The checks of a lead write shared by create and merge-patch: schema inference (and its save),
 * custom fields, the interested-in appointment type and the lead state.
 *
 * @module
 */
import { ErrorMessages, type JsonObject, type ValidationIssue } from '@leadbook/contract';
import { ServiceError, validationError } from '../../core/errors';
import { applySchemaInference, type InferredFieldDescriptor } from '../../domain/leads';
import { checkCustomFieldData } from '../../domain/leads/custom-fields';
import { leadDataKeysIssue, poolSchemaIssue } from '../../domain/leads/limits';
import type { TableRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { loadSchema } from './tables';

/** What one lead write gives the pool's schema inference. */
export interface InferenceWrite {
  table: TableRecord;
  data: JsonObject;
  now: string;
  /** Coerce values to their keys' types, refusing conflicts (ingress only). */
  coerce: boolean;
}

/**
 * Infers the pool schema from `data` and stores it; returns the data to store (as sent, or coerced
 * for ingress) or throws a 400.
 */
export async function inferAndSave(tx: Repositories, { table, data, now, coerce }: InferenceWrite) {
  refuse(leadDataKeysIssue(data));
  const schema = await loadSchema(tx, table);
  const fields = schema.fields as Record<string, InferredFieldDescriptor>;
  const result = applySchemaInference(fields, data, now, { coerce });
  if (!result.ok) {
    const details = result.typeErrors.map(({ key, expected, received }) => ({
      path: `data.${key}`,
      message: `Expected ${expected}, received ${received}`,
    }));
    throw new ServiceError('validation', ErrorMessages.invalidRequest, {
      details,
      typeErrors: result.typeErrors,
    });
  }
  refuse(poolSchemaIssue(Object.keys(fields).length, Object.keys(result.fields).length));
  await tx.tableSchemas.save({ ...schema, updatedAt: now, fields: result.fields });
  return result.data;
}

/** Throws the 400 of a validation issue, if there is one. */
export function refuse(issue: ValidationIssue | undefined): void {
  if (issue) throw validationError(issue.message, [issue]);
}

/** Refuses unknown custom-field ids and values of the wrong type (400). */
export async function checkCustomFields(tx: Repositories, table: TableRecord, data: JsonObject) {
  const fields = await tx.customFields.list(table.organizationId, { tableId: table.id });
  const issues = checkCustomFieldData(fields, data, 'customFieldData');
  if (issues.length > 0) throw validationError(issues[0]!.message, issues);
}

/** Refuses an unknown `interestedInAppointmentTypeId` (400). */
export async function checkAppointmentType(tx: Repositories, org: string, id: string | null | undefined) {
  if (id && !(await tx.appointmentTypes.get(org, id))) {
    const issue: ValidationIssue = {
      path: 'interestedInAppointmentTypeId',
      message: 'Unknown appointment type',
    };
    throw validationError(issue.message, [issue]);
  }
}

/** Refuses a lead state of another pool (400). */
export async function checkLeadState(tx: Repositories, table: TableRecord, leadStateId: string) {
  const state = await tx.leadStates.get(table.organizationId, leadStateId);
  if (!state || state.tableId !== table.id) {
    const issue = { path: 'leadStateId', message: 'The lead state does not belong to the lead pool' };
    throw validationError(issue.message, [issue]);
  }
}
