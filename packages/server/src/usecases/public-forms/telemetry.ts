/**
 * Widget telemetry: 1 to 50 validated events per request, answered 204, handed to a sink.
 * The default sink keeps the newest events of each form in storage, bounded.
 *
 * @module
 */
import type { TelemetryBody, TelemetryEvent } from '@leadbook/contract';
import { nowIso, type ServiceContext } from '../../core/context';
import type { FormRecord } from '../../ports/records';

/** One accepted telemetry request. */
export interface TelemetryBatch {
  /** The form's organization. */
  organizationId: string;
  /** The form. */
  formId: string;
  /** The validated events (1 to 50). */
  events: TelemetryEvent[];
  /** Receipt time (ISO-8601). */
  receivedAt: string;
}

/**
 * Receives telemetry batches. The request is answered 204 only once the sink has resolved; what it
 * throws is a 500 in the public form envelope (a `ServiceError` keeps its own status), so a batch is
 * never acknowledged and then lost. The widget drops a batch that fails.
 */
export type TelemetrySink = (batch: TelemetryBatch) => void | Promise<void>;

/** How many events the default sink keeps per form. */
export const STORED_TELEMETRY_PER_FORM = 1000;

/** The default sink: stores events through the storage port and keeps the newest 1000 per form. */
export function storageTelemetrySink(ctx: ServiceContext): TelemetrySink {
  return async ({ organizationId, formId, events, receivedAt }) => {
    await ctx.storage.transaction(async (tx) => {
      await tx.telemetry.append(
        events.map((event) => ({ id: ctx.newId(), organizationId, formId, event, receivedAt })),
      );
      await tx.telemetry.trim(organizationId, formId, STORED_TELEMETRY_PER_FORM);
    });
  };
}

/**
 * `POST /public/forms/:id/telemetry` of a published form (the route's guard loaded it): hands the
 * batch to the sink and answers 204 once it has taken it.
 */
export async function recordTelemetry(
  ctx: ServiceContext,
  sink: TelemetrySink,
  form: FormRecord,
  body: TelemetryBody,
): Promise<void> {
  const { organizationId, id: formId } = form;
  await sink({ organizationId, formId, events: body.events, receivedAt: nowIso(ctx) });
}
