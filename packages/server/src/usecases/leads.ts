/**
 * Lead writes (SPEC 3.2, 4.1): create and merge-patch, with schema inference, custom-field checks and
 * the lead events. Ingress and form submissions reuse `insertEntry`.
 *
 * @module
 */
import {
  ErrorMessages,
  type CreateTableEntryBody,
  type JsonObject,
  type PatchTableEntryBody,
  type TableEntry,
  type TriggerContext,
  type ValidationIssue,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { notFound, ServiceError, validationError } from '../core/errors';
import { runUnit, type Unit } from '../core/unit-of-work';
import { applyMergePatch, applySchemaInference, type InferredFieldDescriptor } from '../domain/leads';
import { checkCustomFieldData } from '../domain/leads/custom-fields';
import { leadDataKeysIssue, poolSchemaIssue } from '../domain/leads/limits';
import type { TableEntryRecord, TableRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { loadSchema } from './tables';

/** Infers the pool schema from `data` and stores it; returns the coerced data or throws a 400. */
async function inferAndSave(tx: Repositories, table: TableRecord, data: JsonObject, now: string) {
  refuse(leadDataKeysIssue(data));
  const schema = await loadSchema(tx, table);
  const fields = schema.fields as Record<string, InferredFieldDescriptor>;
  const result = applySchemaInference(fields, data, now);
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

function refuse(issue: ValidationIssue | undefined): void {
  if (issue) throw validationError(issue.message, [issue]);
}

async function checkCustomFields(tx: Repositories, table: TableRecord, data: JsonObject) {
  const fields = await tx.customFields.list(table.organizationId, { tableId: table.id });
  const issues = checkCustomFieldData(fields, data, 'customFieldData');
  if (issues.length > 0) throw validationError(issues[0]!.message, issues);
}

async function checkAppointmentType(tx: Repositories, org: string, id: string | null | undefined) {
  if (id && !(await tx.appointmentTypes.get(org, id))) {
    const issue: ValidationIssue = {
      path: 'interestedInAppointmentTypeId',
      message: 'Unknown appointment type',
    };
    throw validationError(issue.message, [issue]);
  }
}

async function checkLeadState(tx: Repositories, table: TableRecord, leadStateId: string) {
  const state = await tx.leadStates.get(table.organizationId, leadStateId);
  if (!state || state.tableId !== table.id) {
    const issue = { path: 'leadStateId', message: 'The lead state does not belong to the lead pool' };
    throw validationError(issue.message, [issue]);
  }
}

/** What {@link insertEntry} needs to create an entry. */
export interface NewEntry {
  /** The pool the entry joins. */
  table: TableRecord;
  /** Who created it (goes into the events). */
  trigger: TriggerContext;
  /** Fire the initial `table.entry.leadState.changed` too (default true). */
  leadStateEvent?: boolean;
  leadStateId: string;
  /** The caller read this lead state from `table` in the same transaction; it is not checked again. */
  leadStateInPool?: boolean;
  data: JsonObject;
  customFieldData?: JsonObject | undefined;
  interestedInAppointmentTypeId?: string | null | undefined;
}

/**
 * Creates an entry inside a transaction: checks, schema inference, insert, and the
 * `table.entry.added` + initial `table.entry.leadState.changed` events.
 */
export async function insertEntry(
  ctx: ServiceContext,
  { tx, emit }: Pick<Unit, 'tx' | 'emit'>,
  input: NewEntry,
): Promise<TableEntryRecord> {
  const { table, trigger } = input;
  const org = table.organizationId;
  if (!input.leadStateInPool) await checkLeadState(tx, table, input.leadStateId);
  if (input.customFieldData) await checkCustomFields(tx, table, input.customFieldData);
  await checkAppointmentType(tx, org, input.interestedInAppointmentTypeId);
  const now = nowIso(ctx);
  const data = await inferAndSave(tx, table, input.data, now);
  const entry: TableEntryRecord = {
    id: ctx.newId(),
    tableId: table.id,
    organizationId: org,
    archived: false,
    createdAt: now,
    updatedAt: now,
    data,
    customFieldData: stripNulls(input.customFieldData ?? {}),
    leadStateId: input.leadStateId,
    firstOpenedAt: null,
    followUpDate: null,
    interestedInAppointmentTypeId: input.interestedInAppointmentTypeId ?? null,
  };
  await tx.entries.create(entry);
  await emit('table.entry.added', org, trigger, { entry });
  if (input.leadStateEvent !== false) {
    await emit('table.entry.leadState.changed', org, trigger, {
      entry,
      previousLeadStateId: null,
      leadStateId: entry.leadStateId,
    });
  }
  return entry;
}

const stripNulls = (data: JsonObject): JsonObject => applyMergePatch({}, data) as JsonObject;

/** `POST /connect/table_entries/` and the console's lead creation. */
export async function createEntry(
  ctx: ServiceContext,
  org: string,
  body: CreateTableEntryBody,
  trigger: TriggerContext,
): Promise<TableEntry> {
  return runUnit(
    ctx,
    async (tx, emit) => {
      const table = await tx.tables.get(org, body.tableId);
      if (!table) throw notFound('Lead pool');
      return insertEntry(ctx, { tx, emit }, { ...body, table, trigger });
    },
    { eventsOf: org },
  );
}

/**
 * `PATCH /connect/table_entries/:id`: RFC 7396 on `data` and `customFieldData`, plain replacement of
 * the other fields, all in one transaction. Fires `table.entry.leadState.changed` only when the
 * lead state really changes.
 */
export async function updateEntry(
  ctx: ServiceContext,
  request: { organizationId: string; id: string; patch: PatchTableEntryBody; trigger: TriggerContext },
): Promise<TableEntry> {
  const { organizationId: org, id, patch, trigger } = request;
  return runUnit(
    ctx,
    async (tx, emit) => {
      const entry = await tx.entries.get(org, id);
      if (!entry) throw notFound('Lead entry');
      const table = await tx.tables.get(org, entry.tableId);
      if (!table) throw notFound('Lead pool');
      const now = nowIso(ctx);
      const next: TableEntryRecord = { ...entry, updatedAt: now };
      if (patch.data !== undefined) {
        const written = patch.data === null ? {} : await inferAndSave(tx, table, patch.data, now);
        next.data = patch.data === null ? {} : (applyMergePatch(entry.data, written) as JsonObject);
        refuse(leadDataKeysIssue(next.data));
      }
      if (patch.customFieldData !== undefined) {
        if (patch.customFieldData) await checkCustomFields(tx, table, patch.customFieldData);
        next.customFieldData =
          patch.customFieldData === null
            ? {}
            : (applyMergePatch(entry.customFieldData ?? {}, patch.customFieldData) as JsonObject);
      }
      if (patch.leadStateId !== undefined) {
        await checkLeadState(tx, table, patch.leadStateId);
        next.leadStateId = patch.leadStateId;
      }
      if (patch.interestedInAppointmentTypeId !== undefined) {
        await checkAppointmentType(tx, org, patch.interestedInAppointmentTypeId);
        next.interestedInAppointmentTypeId = patch.interestedInAppointmentTypeId;
      }
      if (patch.firstOpenedAt !== undefined)
        next.firstOpenedAt = patch.firstOpenedAt && new Date(patch.firstOpenedAt).toISOString();
      if (patch.followUpDate !== undefined)
        next.followUpDate = patch.followUpDate && new Date(patch.followUpDate).toISOString();
      await tx.entries.update(next);
      if (next.leadStateId !== entry.leadStateId) {
        await emit('table.entry.leadState.changed', org, trigger, {
          entry: next,
          previousLeadStateId: entry.leadStateId,
          leadStateId: next.leadStateId,
        });
      }
      return next;
    },
    { eventsOf: org },
  );
}
