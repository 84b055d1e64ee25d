/**
 * The public form API routes: each checks its form id before anything else (404 for one that cannot
 * be a form's), is rate limited, and runs the common pre-handler as its guard (404 for a missing or
 * unpublished form, 403 for an origin outside the allowlist).
 *
 * @module
 */
import { ErrorMessages, operations as op } from '@leadbook/contract';
import { readTx, type ServiceContext } from '../core/context';
import { isServiceError, ServiceError } from '../core/errors';
import { setRequestOrganization } from '../core/request-log';
import type { FormRecord } from '../ports/records';
import { checkOrigin, isFormId, loadPublishedForm } from '../usecases/public-forms/access';
import {
  publicAppointmentTypes,
  publicAvailability,
  publicConfig,
  publicSlots,
} from '../usecases/public-forms/queries';
import { publicCalendars } from '../usecases/public-forms/calendars';
import { holdPublicSlot } from '../usecases/public-forms/hold';
import { submitForm } from '../usecases/public-forms/submit';
import { recordTelemetry, type TelemetrySink } from '../usecases/public-forms/telemetry';
import { corsHeaders } from './cors';
import { HOLD_BODY, SUBMIT_BODY, TELEMETRY_BODY } from './expected-bodies';
import { route, type Route, type RouteGuard, type RoutePrecheck } from './route';
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

/**
 * The common pre-handler: loads the published form (404 when there is none), checks the browser
 * origin against its allowlist (403), and hands the form to the handler, with the CORS headers every
 * later answer carries. The form is read once per request, here.
 */
function formGuard(ctx: ServiceContext): RouteGuard<FormRecord> {
  return async ({ params, headers }) => {
    const origin = headers.get('origin');
    try {
      const form = await readTx(ctx, (tx) => loadPublishedForm(tx, params['id'] ?? ''));
      setRequestOrganization(form.organizationId);
      checkOrigin(form, origin);
      return { headers: corsHeaders(origin), value: form };
    } catch (error) {
      if (isServiceError(error) && error.kind === 'notFound') throw formNotFound(origin);
      throw error;
    }
  };
}

/** The public form routes, each tagged with its rate limit. */
export function publicFormRoutes(
  ctx: ServiceContext,
  telemetrySink: TelemetrySink,
): Array<Route & { rateLimit: RateLimitName }> {
  // Every route: the form id checked first, then the common pre-handler, whose form the handler gets.
  const access = { precheck: formPrecheck, guard: formGuard(ctx) };
  const limited = (rateLimit: RateLimitName, r: Route) => ({ ...r, rateLimit });
  return [
    limited(
      'availability',
      route(op.getPublicFormAvailability, async ({ guarded }) => publicAvailability(guarded), access),
    ),
    limited(
      'config',
      route(op.getPublicFormConfig, async ({ guarded }) => publicConfig(guarded), access),
    ),
    limited(
      'calendars',
      route(op.listPublicFormCalendars, ({ guarded }) => publicCalendars(ctx, guarded), access),
    ),
    limited(
      'slots',
      route(op.listPublicSlots, ({ guarded, query }) => publicSlots(ctx, guarded, query), access),
    ),
    limited(
      'appointmentTypes',
      route(
        op.listPublicAppointmentTypes,
        ({ guarded, query }) => publicAppointmentTypes(ctx, guarded, query),
        access,
      ),
    ),
    limited(
      'submit',
      route(op.submitPublicForm, ({ guarded, body, clientIp }) => submitForm(ctx, guarded, body, clientIp), {
        ...access,
        expectedBody: SUBMIT_BODY,
      }),
    ),
    limited(
      'hold',
      route(
        op.createPublicFormHold,
        ({ guarded, body, clientIp }) => holdPublicSlot(ctx, guarded, body, clientIp),
        { ...access, expectedBody: HOLD_BODY },
      ),
    ),
    limited(
      'telemetry',
      route(
        op.sendPublicFormTelemetry,
        ({ guarded, body }) => recordTelemetry(ctx, telemetrySink, guarded, body),
        { ...access, expectedBody: TELEMETRY_BODY },
      ),
    ),
  ];
}
