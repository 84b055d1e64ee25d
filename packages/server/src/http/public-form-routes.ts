/**
 * The public form API routes: each checks its form id before anything else (404 for one that cannot
 * be a form's), is rate limited, and runs the common pre-handler as its guard (404 for a missing or
 * unpublished form, 403 for an origin outside the allowlist).
 *
 * @module
 */
import { ErrorMessages, operations as op } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { isServiceError, ServiceError } from '../core/errors';
import { checkOrigin, isFormId, loadPublishedForm } from '../usecases/public-forms/access';
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
import { route, type GuardInput, type Route, type RoutePrecheck } from './route';
import type { RateLimitName } from './rate-limit';

// A missing form has no allowlist to protect: the widget may read the 404.
const formNotFound = (origin: string | undefined) =>
  new ServiceError('notFound', ErrorMessages.formNotFound, { headers: corsHeaders(origin) });

/**
 * The path's form id, checked before the rate limit counts it: an id that cannot be a form's is the
 * 404 of a missing form, without a rate-limit key or a lookup made of its bytes.
 */
const formPrecheck: RoutePrecheck = ({ params, headers }) => {
  if (!isFormId(params['id'] ?? '')) throw formNotFound(headers.get('origin'));
};

/** The common pre-handler: returns the CORS headers every later answer carries. */
function formGuard(ctx: ServiceContext) {
  return async ({ params, headers }: GuardInput) => {
    const origin = headers.get('origin');
    try {
      const form = await readTx(ctx, (tx) => loadPublishedForm(tx, params['id'] ?? ''));
      checkOrigin(form, origin);
    } catch (error) {
      if (isServiceError(error) && error.kind === 'notFound') throw formNotFound(origin);
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
  // Every route: the form id checked first, then the common pre-handler.
  const access = { precheck: formPrecheck, guard: formGuard(ctx) };
  const form = (id: string) => readTx(ctx, (tx) => loadPublishedForm(tx, id));
  const limited = (rateLimit: RateLimitName, r: Route) => ({ ...r, rateLimit });
  return [
    limited(
      'availability',
      route(
        op.getPublicFormAvailability,
        async ({ params }) => publicAvailability(await form(params.id)),
        access,
      ),
    ),
    limited(
      'config',
      route(op.getPublicFormConfig, async ({ params }) => publicConfig(await form(params.id)), access),
    ),
    limited(
      'slots',
      route(op.listPublicSlots, ({ params, query }) => publicSlots(ctx, params.id, query), access),
    ),
    limited(
      'appointmentTypes',
      route(
        op.listPublicAppointmentTypes,
        ({ params, query }) => publicAppointmentTypes(ctx, params.id, query),
        access,
      ),
    ),
    limited(
      'submit',
      route(op.submitPublicForm, ({ params, body, clientIp }) => submitForm(ctx, params.id, body, clientIp), {
        ...access,
        expectedBody: SUBMIT_BODY,
      }),
    ),
    limited(
      'hold',
      route(
        op.createPublicFormHold,
        ({ params, body, clientIp }) => holdPublicSlot(ctx, params.id, body, clientIp),
        { ...access, expectedBody: HOLD_BODY },
      ),
    ),
    limited(
      'telemetry',
      route(
        op.sendPublicFormTelemetry,
        ({ params, body }) => recordTelemetry(ctx, telemetrySink, params.id, body),
        { ...access, expectedBody: TELEMETRY_BODY },
      ),
    ),
  ];
}
