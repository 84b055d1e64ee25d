/**
 * Leads by every way in: the Connect API, the public form's submit (with a booking slot) and the
 * ingress webhook.
 *
 * @module
 */
import { PLANNER_TOKEN } from '../fixture';
import { bearer, field, note, ok, type Operation } from './context';
import { candidate } from './planner';
import type { SoakRequest } from '../client';

/** Creates a lead through the Connect API. */
export const lead: Operation = async (ctx) => {
  const { tableId, leadStateId } = ctx.world.planner;
  const request: SoakRequest = {
    method: 'POST',
    path: '/connect/table_entries/',
    headers: bearer(PLANNER_TOKEN),
    body: {
      tableId,
      leadStateId,
      data: { email: `lead${ctx.random.int(0, 1e6)}@example.com`, source: 'soak' },
    },
  };
  const { response } = await ctx.client.sendAny('lead', request, false);
  note(ctx, 'lead', response);
  if (ok(response)) ctx.ledger.entry(field(response, 'id'));
};

/** Submits the form with a booking slot (the service picks the room). */
export const submit: Operation = async (ctx) => {
  const { resourceId: _any, ...bookingSlot } = candidate(ctx);
  const { form } = ctx.world;
  const request: SoakRequest = {
    method: 'POST',
    path: `/public/forms/${form.id}/submit`,
    body: { data: { [form.emailField]: `visitor${ctx.random.int(0, 1e6)}@example.com` }, bookingSlot },
  };
  const { response } = await ctx.client.sendAny('submit', request, false);
  note(ctx, 'submit', response);
  if (ok(response)) ctx.ledger.submission(field(response, 'submissionId'));
};

/** Posts a lead to the ingress webhook. */
export const ingress: Operation = async (ctx) => {
  const { id, token } = ctx.world.ingress;
  const request: SoakRequest = {
    method: 'POST',
    path: `/public/ingress_webhooks/${id}`,
    headers: { 'x-service-ingress-token': token },
    body: { data: { email: `ingress${ctx.random.int(0, 1e6)}@example.com`, source: 'soak' } },
  };
  const { response } = await ctx.client.sendAny('ingress', request, false);
  note(ctx, 'ingress', response);
  if (ok(response)) ctx.ledger.entry(field(response, 'id'));
};
