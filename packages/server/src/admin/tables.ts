/**
 * Console actions on tables, their lead states and custom fields. A table is what the 2.16.0
 * interface calls a Lead Pool; the code says `table` throughout, as the Connect API
 * (`/connect/tables/`) and the storage do, and the word "pool" stays in user-facing text. A table with lead states always has exactly one
 * default state: the first state of a table becomes the default unless another is named.
 *
 * @module
 */
import {
  CustomFieldInputSchema,
  LeadStateInputSchema,
  TableInputSchema,
  type CustomFieldInput,
  type LeadStateInput,
  type TableInput,
} from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { CustomFieldRecord, LeadStateRecord, TableRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { mustGet, mustGetOrganization } from './access';
import { parseInput } from './parse';

type Ctx = ServiceContext;
type Tx = Repositories;

/** A table of an organization. */
export interface TableRef {
  /** The organization. */
  org: string;
  /** The pool (table) id. */
  tableId: string;
}

/** Adds a lead state to a pool; `default: true` (or being the pool's first state) makes it the default. */
export async function createLeadStateTx(
  ctx: Ctx,
  tx: Tx,
  { org, tableId }: TableRef,
  input: LeadStateInput,
): Promise<LeadStateRecord> {
  const p = parseInput(LeadStateInputSchema, input, 'lead state');
  await mustGet(tx, 'tables', org, tableId);
  const existing = await tx.leadStates.list(org, { tableId });
  const id = p.id ?? ctx.newId();
  if (p.id && (await tx.leadStates.get(org, p.id)))
    throw new ServiceError('validation', `Id ${p.id} is already in use`);
  const makeDefault = p.default || existing.length === 0;
  if (makeDefault) {
    for (const state of existing.filter((s) => s.default))
      await tx.leadStates.update({ ...state, default: false });
  }
  const record = {
    id,
    organizationId: org,
    tableId,
    name: p.name,
    color: p.color,
    category: p.category,
    order: p.order ?? existing.length,
    default: makeDefault,
  };
  await tx.leadStates.create(record);
  return record;
}

/** Makes a lead state its pool's only default. */
export async function setDefaultLeadStateTx(tx: Tx, org: string, leadStateId: string): Promise<void> {
  const target = await mustGet(tx, 'leadStates', org, leadStateId);
  for (const state of await tx.leadStates.list(org, { tableId: target.tableId })) {
    const shouldBe = state.id === leadStateId;
    if (state.default !== shouldBe) await tx.leadStates.update({ ...state, default: shouldBe });
  }
}

/** Adds a custom field to a pool. */
export async function createCustomFieldTx(
  ctx: Ctx,
  tx: Tx,
  { org, tableId }: TableRef,
  input: CustomFieldInput,
): Promise<CustomFieldRecord> {
  const p = parseInput(CustomFieldInputSchema, input, 'custom field');
  await mustGet(tx, 'tables', org, tableId);
  const id = p.id ?? ctx.newId();
  if (p.id && (await tx.customFields.get(org, p.id)))
    throw new ServiceError('validation', `Id ${p.id} is already in use`);
  const record = {
    id,
    organizationId: org,
    tableId,
    name: p.name,
    type: p.type,
    ...(p.options ? { options: p.options } : {}),
  };
  await tx.customFields.create(record);
  return record;
}

/** A created pool with its states and custom fields. */
export interface CreatedTable {
  /** The pool. */
  table: TableRecord;
  /** Its lead states, in order. */
  leadStates: LeadStateRecord[];
  /** Its custom fields. */
  customFields: CustomFieldRecord[];
}

/** Creates a pool with its lead states and custom fields. */
export async function createTableTx(ctx: Ctx, tx: Tx, org: string, input: TableInput): Promise<CreatedTable> {
  const p = parseInput(TableInputSchema, input, 'lead pool');
  await mustGetOrganization(tx, org);
  const now = nowIso(ctx);
  const id = p.id ?? ctx.newId();
  if (p.id && (await tx.tables.get(org, p.id)))
    throw new ServiceError('validation', `Id ${p.id} is already in use`);
  const table = {
    id,
    organizationId: org,
    name: p.name,
    color: p.color,
    archived: false,
    createdAt: now,
    updatedAt: now,
  };
  await tx.tables.create(table);
  const defaultIndex = Math.max(
    0,
    p.leadStates.findIndex((state) => state.default),
  );
  const leadStates: LeadStateRecord[] = [];
  for (const [index, state] of p.leadStates.entries()) {
    leadStates.push(
      await createLeadStateTx(ctx, tx, { org, tableId: id }, { ...state, default: index === defaultIndex }),
    );
  }
  const customFields: CustomFieldRecord[] = [];
  for (const field of p.customFields)
    customFields.push(await createCustomFieldTx(ctx, tx, { org, tableId: id }, field));
  return { table, leadStates, customFields };
}
