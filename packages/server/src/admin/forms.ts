/**
 * Console actions on public forms: create, update, publish, delete, and the webhook delivery log.
 * A form is checked when it is saved: references exist, the field definitions are sound (no
 * catastrophic-backtracking patterns), the webhook URL is deliverable.
 *
 * @module
 */
import { FormInputSchema, type FormInput } from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../core/context';
import { ServiceError, validationError } from '../core/errors';
import { checkFormDefinition } from '../domain/forms';
import { checkWebhookUrlSyntax, generateWebhookSecret, WEBHOOK_URL_WORDING } from '../domain/webhooks';
import type { FormRecord } from '../ports/records';
import type { Repositories } from '../ports/storage';
import { normalizeOrigin } from '../usecases/public-forms/access';
import { mustGet } from './access';
import { parseInput } from './parse';

type Parsed = ReturnType<typeof FormInputSchema.parse>;

async function checkReferences(ctx: ServiceContext, tx: Repositories, org: string, form: Parsed) {
  const problems = checkFormDefinition(form.fields);
  if (form.tableId) await mustGet(tx, 'tables', org, form.tableId);
  const studioIds = new Set<string>();
  for (const studio of form.studios) {
    if (studioIds.has(studio.id)) problems.push(`Studio id "${studio.id}" is used twice`);
    studioIds.add(studio.id);
    for (const calendarId of studio.calendarIds) await mustGet(tx, 'calendars', org, calendarId);
  }
  for (const field of form.fields) {
    for (const typeId of field.allowedAppointmentTypes ?? []) {
      if (typeId !== '*') await mustGet(tx, 'appointmentTypes', org, typeId);
    }
    const linked = field.bookingConfig?.appointmentTypeFieldId;
    if (linked && !form.fields.some((f) => f.id === linked && f.type === 'appointment-type')) {
      problems.push(
        `${field.label}: bookingConfig.appointmentTypeFieldId must name an appointment-type field`,
      );
    }
  }
  if (form.webhookUrl) {
    const url = checkWebhookUrlSyntax(form.webhookUrl, {
      allowPrivate: ctx.webhooks.allowPrivateUrls,
      wording: WEBHOOK_URL_WORDING,
    });
    if (!url.ok) problems.push(`webhookUrl: ${url.reason}`);
  }
  if (problems.length > 0) {
    throw validationError(
      `Invalid form: ${problems.join('; ')}`,
      problems.map((message) => ({ path: 'form', message })),
    );
  }
}

/** The stored form of `form`, with what the store adds. */
function toRecord(
  form: Parsed,
  stored: { org: string; id: string; secret: string; createdAt: string; updatedAt: string },
): FormRecord {
  const { id: _id, ...rest } = form;
  return {
    ...rest,
    id: stored.id,
    organizationId: stored.org,
    allowedDomains: [...new Set(form.allowedDomains.map(normalizeOrigin))],
    webhookSecret: stored.secret,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

/** A form of an organization. */
export interface FormRef {
  /** The organization. */
  org: string;
  /** The form id. */
  id: string;
}

/** Creates a form; its webhook signing secret (`whsec_...`) is generated. */
export async function createFormTx(
  ctx: ServiceContext,
  tx: Repositories,
  org: string,
  input: FormInput,
): Promise<FormRecord> {
  const parsed = parseInput(FormInputSchema, input, 'form');
  await checkReferences(ctx, tx, org, parsed);
  const id = parsed.id ?? ctx.newId();
  if (await tx.forms.find(id)) throw new ServiceError('validation', `Id ${id} is already in use`);
  const now = nowIso(ctx);
  const record = toRecord(parsed, {
    org,
    id,
    secret: generateWebhookSecret(),
    createdAt: now,
    updatedAt: now,
  });
  await tx.forms.create(record);
  return record;
}

/** Replaces a form's settings (the same checks as create); the webhook secret is kept. */
export async function updateFormTx(
  ctx: ServiceContext,
  tx: Repositories,
  { org, id }: FormRef,
  input: FormInput,
): Promise<FormRecord> {
  const current = await tx.forms.get(org, id);
  if (!current) throw new ServiceError('notFound', `Form ${id} not found`);
  const parsed = parseInput(FormInputSchema, { ...input, id }, 'form');
  await checkReferences(ctx, tx, org, parsed);
  const record = toRecord(parsed, {
    org,
    id,
    secret: current.webhookSecret,
    createdAt: current.createdAt,
    updatedAt: nowIso(ctx),
  });
  await tx.forms.update(record);
  return record;
}

/** Publishes or unpublishes a form; unpublished forms answer 404 on every public endpoint. */
export async function setFormPublishedTx(
  ctx: ServiceContext,
  tx: Repositories,
  { org, id }: FormRef,
  published: boolean,
): Promise<FormRecord> {
  const current = await tx.forms.get(org, id);
  if (!current) throw new ServiceError('notFound', `Form ${id} not found`);
  const record = { ...current, published, updatedAt: nowIso(ctx) };
  await tx.forms.update(record);
  return record;
}

/** Deletes a form. */
export async function deleteFormTx(tx: Repositories, org: string, id: string): Promise<void> {
  if (!(await tx.forms.delete(org, id))) throw new ServiceError('notFound', `Form ${id} not found`);
}
