/**
 * `POST /public/forms/:id/submit`: validation steps 1 to 7 of SPEC 4.2 in order, then one
 * transaction that writes the lead, the booking (step 8: capacity rechecked), the submission record
 * and the webhook delivery row - all or nothing. Events, timers and the delivery follow the commit.
 *
 * @module
 */
import { errorFields } from '../../ports/logger';
import {
  ErrorMessages,
  type CalendarBooking,
  type SubmitBody,
  type SubmitResponse,
  type TriggerContext,
} from '@leadbook/contract';
import { nowIso, readTx, type ServiceContext } from '../../core/context';
import { isServiceError, ServiceError, validationError } from '../../core/errors';
import { runUnit, type Unit } from '../../core/unit-of-work';
import { checkConsent, validateFieldValues, type FieldProblem } from '../../domain/forms';
import { CaptchaUnavailableError } from '../../ports/captcha';
import type { FormRecord, TableEntryRecord } from '../../ports/records';
import { createBookingTx } from '../bookings';
import { externallyFreeResources } from '../external-calendars';
import { insertEntry } from '../leads';
import { buildDelivery, deliveryAttemptJob } from '../webhooks/delivery';
import {
  checkAppointmentTypeFields,
  checkBookingSlot,
  resolveStudio,
  type CheckedSlot,
} from './submit-checks';

/**
 * The 400 of a field's value: the message names the field's label (SPEC 7.2); `details` (the
 * envelope's extension) names the field by its key in `data`, so a widget can show the message at
 * the field: `[{ path: 'data.<field id>', message }]`.
 */
const fieldError = (problem: FieldProblem) =>
  validationError(problem.message, [{ path: `data.${problem.fieldId}`, message: problem.message }]);

/** Step 1: verifies the captcha token; a provider that is down or garbled fails closed (403). */
async function checkCaptcha(
  ctx: ServiceContext,
  form: FormRecord,
  token: string | undefined,
  remoteIp: string | undefined,
) {
  if (!form.captcha) return;
  if (!token) throw validationError(ErrorMessages.captchaMissing);
  let valid = false;
  try {
    valid = await ctx.captcha.verify({
      provider: form.captcha.provider,
      secret: form.captcha.secret,
      token,
      remoteIp,
    });
  } catch (error) {
    if (!(error instanceof CaptchaUnavailableError)) throw error;
    ctx.logger.warn('captcha provider unavailable; failing closed', {
      formId: form.id,
      provider: form.captcha.provider,
      error: errorFields(error),
    });
  }
  if (!valid) throw new ServiceError('forbidden', ErrorMessages.captchaFailed);
}

/** What steps 1 to 7 accepted: the studio, the values to store, the slot to book (if any). */
interface CheckedSubmission {
  studioId: string | null;
  values: Record<string, unknown>;
  slot: CheckedSlot | null;
}

/**
 * Steps 1 to 7 of SPEC 4.2, one after the other, so that the first failing step answers whatever
 * else is wrong: captcha, studio, fields (3) with phone numbers (4), appointment types (5),
 * consent (6), booking slot (7). Step 8, the capacity recheck, runs in the write transaction.
 */
async function checkSubmission(
  ctx: ServiceContext,
  form: FormRecord,
  body: SubmitBody,
  clientIp: string | undefined,
): Promise<CheckedSubmission> {
  await checkCaptcha(ctx, form, body.captchaToken, clientIp);
  const studioId = resolveStudio(form, body.studioId);
  const fields = validateFieldValues(form, body.data);
  if (!fields.ok) throw fieldError(fields);
  await readTx(ctx, (tx) => checkAppointmentTypeFields(tx, form, fields.values));
  const consent = checkConsent(form, body.data, fields.visible);
  if (!consent.ok) throw fieldError(consent);
  const values = { ...fields.values, ...consent.values };
  const slot = await readTx(ctx, (tx) =>
    checkBookingSlot(tx, { form, body, studioId, visible: fields.visible, values, nowMs: ctx.clock.now() }),
  );
  return { studioId, values, slot };
}

/** The lead data a submission writes: each visible field's value under its data key. */
function leadData(form: FormRecord, values: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.type === 'booking-calendar' || values[field.id] === undefined) continue;
    data[field.dataKey ?? field.id] = values[field.id];
  }
  return data;
}

/** A submission's lead and booking: the form, the checked values, the trigger. */
interface SubmissionWrite {
  form: FormRecord;
  values: Record<string, unknown>;
  trigger: TriggerContext;
}

async function createLead(
  ctx: ServiceContext,
  unit: Pick<Unit, 'tx' | 'emit'>,
  { form, values, trigger }: SubmissionWrite,
): Promise<TableEntryRecord | null> {
  const { tx } = unit;
  if (form.webhookOnly || !form.tableId) return null;
  const table = await tx.tables.get(form.organizationId, form.tableId);
  if (!table) throw new ServiceError('internal', `The form's lead pool ${form.tableId} no longer exists`);
  const state = (await tx.leadStates.list(form.organizationId, { tableId: table.id })).find((s) => s.default);
  if (!state) throw validationError(ErrorMessages.noDefaultLeadState);
  const typeField = form.fields.find(
    (f) => f.type === 'appointment-type' && typeof values[f.id] === 'string',
  );
  // The form's own checks typed the values; they are stored as they are (`data` is
  // free-form), so a value another writer typed differently never refuses a visitor.
  return insertEntry(ctx, unit, {
    table,
    leadStateId: state.id,
    leadStateInPool: true,
    data: leadData(form, values),
    interestedInAppointmentTypeId: typeField ? (values[typeField.id] as string) : null,
    trigger,
    // A submission fires `table.entry.added` (and the booking events), no lead-state change.
    leadStateEvent: false,
  });
}

/** Step 8: books the first resource that still has room, rechecking capacity in the transaction. */
async function book(
  ctx: ServiceContext,
  unit: Unit,
  {
    form,
    slot,
    entryId,
    trigger,
  }: Omit<SubmissionWrite, 'values'> & { slot: CheckedSlot; entryId: string | null },
) {
  for (const resourceId of slot.resourceIds) {
    try {
      const { resourceIds: _ids, hold, ...interval } = slot;
      const holdId = hold?.resourceId === resourceId ? { holdId: hold.id } : {};
      return await createBookingTx(ctx, unit, {
        organizationId: form.organizationId,
        body: { ...interval, resourceId, ...holdId, ...(entryId ? { entryId } : {}) },
        trigger,
        publicOnly: true,
      });
    } catch (error) {
      // Nothing was written by the failed attempt: its checks run before its insert.
      if (!(isServiceError(error) && error.message === ErrorMessages.slotUnavailable)) throw error;
    }
  }
  throw validationError(ErrorMessages.slotUnavailable);
}

/**
 * The slot without the resources a linked external calendar is busy for (or failed) over its
 * interval, read now and never from the cache, before the booking's transaction; 400
 * `slotUnavailable` when none is left.
 */
async function withoutExternallyBusy(
  ctx: ServiceContext,
  form: FormRecord,
  slot: CheckedSlot,
): Promise<CheckedSlot> {
  if (!ctx.externalCalendars) return slot;
  const startMs = Date.parse(slot.startDateTime);
  const endMs = Date.parse(slot.endDateTime);
  const free = await externallyFreeResources(ctx, form.organizationId, slot.resourceIds, startMs, endMs);
  if (free.length === 0) throw validationError(ErrorMessages.slotUnavailable);
  return { ...slot, resourceIds: free };
}

/** Handles one submission to a published form (the route's guard loaded it). */
export async function submitForm(
  ctx: ServiceContext,
  form: FormRecord,
  body: SubmitBody,
  clientIp: string | undefined,
): Promise<SubmitResponse> {
  const checked = await checkSubmission(ctx, form, body, clientIp);
  const { studioId, values } = checked;
  const slot = checked.slot && (await withoutExternallyBusy(ctx, form, checked.slot));
  const trigger: TriggerContext = { source: 'form', apiTokenId: null, memberId: null, formId: form.id };
  const submissionId = ctx.newId();
  await runUnit(
    ctx,
    async (tx, emit, jobs) => {
      const entry = await createLead(ctx, { tx, emit }, { form, values, trigger });
      const booking: CalendarBooking | null = slot
        ? await book(ctx, { tx, emit, jobs }, { form, slot, entryId: entry?.id ?? null, trigger })
        : null;
      const createdAt = nowIso(ctx);
      await tx.formSubmissions.create({
        id: submissionId,
        organizationId: form.organizationId,
        formId: form.id,
        studioId,
        data: values,
        entryId: entry?.id ?? null,
        bookingId: booking?.id ?? null,
        createdAt,
      });
      if (form.webhookUrl) {
        const payload = {
          type: 'form.submission.created',
          timestamp: createdAt,
          data: {
            formId: form.id,
            submissionId,
            studioId,
            fields: form.fields
              .filter((f) => values[f.id] !== undefined)
              .map((f) => ({ id: f.id, label: f.label, type: f.type, value: values[f.id] })),
            entry,
            booking,
          },
        };
        const delivery = buildDelivery(ctx, {
          organizationId: form.organizationId,
          formId: form.id,
          submissionId,
          url: form.webhookUrl,
          payload,
        });
        await tx.webhookDeliveries.create(delivery);
        // A new delivery is due now (buildDelivery sets nextAttemptAt).
        await jobs.schedule(deliveryAttemptJob(delivery, delivery.nextAttemptAt!));
      }
    },
    {
      lockKeys: slot ? slot.resourceIds.map((id) => `resource:${id}`) : [],
      eventsOf: form.organizationId,
    },
  );
  return { success: true, submissionId };
}
