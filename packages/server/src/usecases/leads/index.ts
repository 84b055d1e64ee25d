/**
 * Lead writes: create and merge-patch, with schema inference, custom-field checks and
 * the lead events. Ingress and form submissions reuse `insertEntry`.
 *
 * @module
 */
import {
  type CreateTableEntryBody,
  type JsonObject,
  type PatchTableEntryBody,
  type TableEntry,
  type TriggerContext,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { runUnit, type Unit } from '../../core/unit-of-work';
import { applyMergePatch } from '../../domain/leads';
import { leadDataKeysIssue } from '../../domain/leads/limits';
import type { TableEntryRecord, TableRecord } from '../../ports/records';
import { checkAppointmentType, checkCustomFields, checkLeadState, inferAndSave, refuse } from './checks';

/** What {@link insertEntry} needs to create an entry. */
export interface NewEntry {
  /** The pool the entry joins. */
  table: TableRecord;
  /** Who created it (goes into the events). */
  trigger: TriggerContext;
  /**
   * Fire the initial `table.entry.leadState.changed` too: it fires for Connect creates (and
   * the console's), not for form submissions or ingress POSTs, which fire `table.entry.added` only.
   */
  leadStateEvent: boolean;
  /**
   * Coerce `data` to the pool's inferred types and refuse conflicts with `typeErrors`: the ingress
   * rule. Connect, console and form writes store `data` as sent (`data` is free-form).
   */
  coerceData?: boolean;
  leadStateId: string;
  /** The caller read this lead state from `table` in the same transaction; it is not checked again. */
  leadStateInPool?: boolean;
  data: JsonObject;
  customFieldData?: JsonObject | undefined;
  interestedInAppointmentTypeId?: string | null | undefined;
}

/**
 * Creates an entry inside a transaction: checks, schema inference, insert, and the
 * `table.entry.added` event (plus the initial `table.entry.leadState.changed` when asked).
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
  const data = await inferAndSave(tx, { table, data: input.data, now, coerce: input.coerceData ?? false });
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
  if (input.leadStateEvent) {
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
      return insertEntry(ctx, { tx, emit }, { ...body, table, trigger, leadStateEvent: true });
    },
    { eventsOf: org },
  );
}

/**
 * `PATCH /connect/table_entries/:id`: RFC 7396 on `data` and `customFieldData`, plain replacement of
 * the other fields, all in one transaction. Fires `table.entry.leadState.changed` only when the
 * lead state really changes. `data: null` and `customFieldData: null` change nothing, as if omitted:
 * merge rule 6 forbids replacing a whole object, so null cannot mean "remove every key".
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
      // null at this level is "no change" (merge rule 6), like an omitted key.
      if (patch.data) {
        const written = await inferAndSave(tx, { table, data: patch.data, now, coerce: false });
        next.data = applyMergePatch(entry.data, written) as JsonObject;
        refuse(leadDataKeysIssue(next.data));
      }
      if (patch.customFieldData) {
        await checkCustomFields(tx, table, patch.customFieldData);
        next.customFieldData = applyMergePatch(
          entry.customFieldData ?? {},
          patch.customFieldData,
        ) as JsonObject;
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
