/**
 * `IngressClient`: pushes leads into one Lead Pool through an ingress webhook.
 *
 * @module
 */
import type { ApiPromise } from '../core/api-promise';
import type { IngressBody, TableEntry } from '@leadbook/contract/types';
import { createCaller, type Caller } from '../connect/call';
import { assertServerSide, readEnv, resolveBaseUrl } from '../core/env';
import { LeadbookError } from '../core/errors';
import { createHttp } from '../core/http';
import { resolveLogger } from '../core/logger';
import type { ClientOptions, RequestOptions } from '../core/options';

/** Options of {@link IngressClient}. */
export interface IngressClientOptions extends ClientOptions {
  /** The webhook id: the `:id` of `POST /public/ingress_webhooks/:id`. */
  webhookId: string;
  /** The webhook token (64 hex). Default: the `LEADBOOK_INGRESS_TOKEN` environment variable. */
  token?: string;
  /** Check the created entry against the contract schema. Default: true. */
  validateResponses?: boolean;
  /** Allow the client in a browser page. Off by default: the token would be readable by every visitor. */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * The ingress webhook client: each `push` creates one lead in the webhook's pool, in the pool's
 * default lead state. The token travels in the `x-service-ingress-token` header and is redacted in
 * logs and hooks.
 *
 * @example
 * ```ts
 * import { IngressClient } from '@leadbook/sdk';
 *
 * const ingress = new IngressClient({ baseUrl, webhookId, token: process.env.LEADBOOK_INGRESS_TOKEN });
 * await ingress.push({ data: { email: 'ada@example.com', tags: ['newsletter'] } });
 * ```
 */
export class IngressClient {
  /** The webhook id. */
  readonly webhookId: string;
  readonly #call: Caller;

  /**
   * @param options - Base URL, webhook id, token and transport options.
   * @throws {@link LeadbookError} without a base URL or token, or in a browser without
   *   `dangerouslyAllowBrowser`.
   */
  constructor(options: IngressClientOptions) {
    assertServerSide('IngressClient', options.dangerouslyAllowBrowser);
    // The token goes into the redacted auth headers only, never into the core's plain options.
    const { token = readEnv('LEADBOOK_INGRESS_TOKEN'), validateResponses = true, ...transport } = options;
    if (!token) {
      throw new LeadbookError('IngressClient needs a token: pass { token } or set LEADBOOK_INGRESS_TOKEN.');
    }
    this.webhookId = options.webhookId;
    const http = createHttp({
      ...transport,
      logger: resolveLogger(options.logger),
      baseUrl: resolveBaseUrl('IngressClient', options.baseUrl),
      authHeaders: { 'x-service-ingress-token': token },
    });
    this.#call = createCaller(http, validateResponses);
  }

  /**
   * Creates one lead from `data` (strings, string arrays, numbers, booleans or null) and optional
   * `customFieldData`. The first push fixes each key's type; a later value that cannot be coerced is a
   * {@link ValidationError} whose `typeErrors` lists `{ key, expected, received }`. There is no
   * deduplication, so a push is not retried unless you pass an `idempotencyKey` (which the service
   * ignores: only use it when a duplicate lead is acceptable).
   *
   * @throws {@link AuthenticationError} for a wrong token; {@link NotFoundError} for an unknown webhook.
   * @example
   * ```ts
   * try {
   *   const lead = await ingress.push({ data: { email: 'ada@example.com', age: 36 } });
   * } catch (error) {
   *   if (isValidationError(error)) console.error(error.typeErrors);
   * }
   * ```
   */
  push(body: IngressBody, options?: RequestOptions): ApiPromise<TableEntry> {
    return this.#call('pushIngressWebhook', { id: this.webhookId, body }, options);
  }
}
