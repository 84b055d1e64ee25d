/**
 * The ingress webhook route: `POST /public/ingress_webhooks/:id`. Its guard answers 404
 * and 401 before the body is validated; the handler creates the entry.
 *
 * @module
 */
import { INGRESS_TOKEN_HEADER, operations as op } from '@leadbook/contract';
import type { ServiceContext } from '../core/context';
import { checkIngressAccess, pushIngressEntry } from '../usecases/leads/ingress';
import { INGRESS_BODY } from './expected-bodies';
import { route, type Route } from './route';

/** The ingress routes. */
export function ingressRoutes(ctx: ServiceContext): Route[] {
  return [
    route(
      op.pushIngressWebhook,
      ({ params, body, headers }) =>
        pushIngressEntry(ctx, params.id, headers.get(INGRESS_TOKEN_HEADER), body),
      {
        guard: ({ params, headers }) => checkIngressAccess(ctx, params.id, headers.get(INGRESS_TOKEN_HEADER)),
        expectedBody: INGRESS_BODY,
      },
    ),
  ];
}
