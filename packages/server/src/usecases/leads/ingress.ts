/**
 * Ingress webhooks: `POST /public/ingress_webhooks/:id` authenticates with the
 * webhook's token and creates one lead entry in the bound pool's default lead state.
 *
 * @module
 */
import {
  ErrorMessages,
  UuidSchema,
  type IngressBody,
  type TableEntry,
  type TriggerContext,
} from '@leadbook/contract';
import { readTx, type ServiceContext } from '../../core/context';
import { isServiceError, ServiceError } from '../../core/errors';
import { setRequestOrganization } from '../../core/request-log';
import { digestsEqual, digestToken } from '../../core/tokens';
import { runUnit } from '../../core/unit-of-work';
import type { IngressWebhookRecord } from '../../ports/records';
import type { Repositories } from '../../ports/storage';
import { insertEntry } from './index';

const webhookNotFound = () => new ServiceError('notFound', ErrorMessages.webhookNotFound);
const invalidToken = () => new ServiceError('unauthorized', ErrorMessages.invalidWebhookToken);

/** The trigger context of events fired by an ingress POST. */
export const ingressTrigger = (webhook: Pick<IngressWebhookRecord, 'id'>): TriggerContext => ({
  source: 'ingress',
  apiTokenId: null,
  memberId: null,
  ingressWebhookId: webhook.id,
});

/**
 * Loads the webhook and checks the token against its stored digest in constant time.
 *
 * @throws 404 `Webhook not found` for an unknown id (any id; a non-UUID is simply unknown), then
 * 401 `Invalid webhook token` for a missing or wrong token.
 */
async function authorize(
  tx: Repositories,
  id: string,
  token: string | undefined,
): Promise<IngressWebhookRecord> {
  // Webhook ids are UUIDs: anything else is unknown without a lookup.
  const webhook = UuidSchema.safeParse(id).success ? await tx.ingressWebhooks.find(id) : null;
  if (!webhook) throw webhookNotFound();
  // Hashing first makes the comparison length-independent; the stored digest is 32 bytes.
  if (!token || !digestsEqual(digestToken(token), webhook.digest)) throw invalidToken();
  return webhook;
}

/**
 * The route guard of the ingress POST: answers 404 and 401 before the body is looked at, so an
 * unknown id or a wrong token never learns whether its body would have been valid.
 */
export async function checkIngressAccess(
  ctx: ServiceContext,
  id: string | undefined,
  token: string | undefined,
): Promise<void> {
  const webhook = await readTx(ctx, (tx) => authorize(tx, id ?? '', token));
  // Only once the token is right: a wrong one learns nothing, and neither does the log.
  setRequestOrganization(webhook.organizationId);
}

/**
 * Creates one lead entry from an ingress POST, in one transaction: the token is checked again inside
 * it (a request racing a rotation or a delete cannot slip through), the pool's default lead state is
 * applied, `customFieldData` is checked, `data` goes through the schema inference shared with Connect
 * writes, and `table.entry.added` fires after commit with the ingress trigger context. No initial
 * `table.entry.leadState.changed` fires.
 *
 * @throws 404 `Webhook not found`; 401 `Invalid webhook token`; 400 `No default lead state`;
 * 400 `Validation failed` (unknown custom-field id, bad custom-field value, or type conflicts with
 * `typeErrors`).
 */
export async function pushIngressEntry(
  ctx: ServiceContext,
  id: string,
  token: string | undefined,
  body: IngressBody,
): Promise<TableEntry> {
  try {
    return await runUnit(ctx, async (tx, emit) => {
      const webhook = await authorize(tx, id, token);
      const org = webhook.organizationId;
      const table = await tx.tables.get(org, webhook.tableId);
      if (!table) throw webhookNotFound();
      const states = await tx.leadStates.list(org, { tableId: table.id });
      const defaultState = states.find((state) => state.default);
      if (!defaultState) throw new ServiceError('validation', ErrorMessages.noDefaultLeadState);
      return insertEntry(
        ctx,
        { tx, emit },
        {
          table,
          leadStateId: defaultState.id,
          leadStateInPool: true,
          data: body.data,
          customFieldData: body.customFieldData,
          trigger: ingressTrigger(webhook),
          leadStateEvent: false,
          coerceData: true,
        },
      );
    });
  } catch (error) {
    throw toIngressError(error);
  }
}

/** The ingress envelope has two 400 messages: `No default lead state`, and `Validation failed` otherwise. */
function toIngressError(error: unknown): unknown {
  if (!isServiceError(error) || error.status !== 400) return error;
  if (error.message === ErrorMessages.noDefaultLeadState) return error;
  return new ServiceError('validation', ErrorMessages.validationFailed, {
    ...(error.details ? { details: error.details } : {}),
    ...(error.typeErrors ? { typeErrors: error.typeErrors } : {}),
    cause: error,
  });
}
