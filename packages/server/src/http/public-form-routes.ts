/**
 * The public form API routes: each runs the common pre-handler as its guard (404 for a
 * missing or unpublished form, 403 for an origin outside the allowlist) and is rate limited.
 *
 * @module
 */
import { operations as op } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { isServiceError, ServiceError } from '../core/errors';
import { checkOrigin, loadPublishedForm } from '../usecases/public-forms/access';
import {
  publicAppointmentTypes,
  publicAvailability,
  publicConfig,
  publicSlots,
} from '../usecases/public-forms/queries';
import { holdPublicSlot } from '../usecases/public-forms/hold';
import { submitForm } from '../usecases/public-forms/submit';
import { recordTelemetry, type TelemetrySink } from '../usecases/public-forms/telemetry';
import { corsHeaders } from './cors';
import { readTx } from '../core/context';
import { HOLD_BODY, SUBMIT_BODY, TELEMETRY_BODY } from './expected-bodies';
import { route, type GuardInput, type Route } from './route';
import type { RateLimitName } from './rate-limit';

/** The common pre-handler: returns the CORS headers every later answer carries. */
function formGuard(ctx: ServiceContext) {
  return async ({ params, headers }: GuardInput) => {
    const origin = headers.get('origin');
    try {
      const form = await readTx(ctx, (tx) => loadPublishedForm(tx, params['id'] ?? ''));
      checkOrigin(form, origin);
    } catch (error) {
      // A missing form has no allowlist to protect: let the widget read the 404.
      if (isServiceError(error) && error.kind === 'notFound') {
        throw new ServiceError(error.kind, error.message, { headers: corsHeaders(origin) });
      }
      throw error;
    }
    return corsHeaders(origin);
  };
}

/** The public form routes, each tagged with its rate limit. */
export function publicFormRoutes(
  ctx: ServiceContext,
  telemetrySink: TelemetrySink,
): Array<Route & { rateLimit: RateLimitName }> {
  const guard = formGuard(ctx);
  const form = (id: string) => readTx(ctx, (tx) => loadPublishedForm(tx, id));
  const limited = (rateLimit: RateLimitName, r: Route) => ({ ...r, rateLimit });
  return [
    limited(
      'read',
      route(op.getPublicFormAvailability, async ({ params }) => publicAvailability(await form(params.id)), {
        guard,
      }),
    ),
    limited(
      'read',
      route(op.getPublicFormConfig, async ({ params }) => publicConfig(await form(params.id)), { guard }),
    ),
    limited(
      'read',
      route(op.listPublicSlots, ({ params, query }) => publicSlots(ctx, params.id, query), { guard }),
    ),
    limited(
      'read',
      route(
        op.listPublicAppointmentTypes,
        ({ params, query }) => publicAppointmentTypes(ctx, params.id, query),
        { guard },
      ),
    ),
    limited(
      'submit',
      route(op.submitPublicForm, ({ params, body, clientIp }) => submitForm(ctx, params.id, body, clientIp), {
        guard,
        expectedBody: SUBMIT_BODY,
      }),
    ),
    limited(
      'hold',
      route(
        op.createPublicFormHold,
        ({ params, body, clientIp }) => holdPublicSlot(ctx, params.id, body, clientIp),
        { guard, expectedBody: HOLD_BODY },
      ),
    ),
    limited(
      'telemetry',
      route(
        op.sendPublicFormTelemetry,
        ({ params, body }) => recordTelemetry(ctx, telemetrySink, params.id, body),
        { guard, expectedBody: TELEMETRY_BODY },
      ),
    ),
  ];
}
