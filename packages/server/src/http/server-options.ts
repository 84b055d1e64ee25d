/**
 * The Node HTTP server settings that the examples, the tests and the mounting guide host the
 * service with. Node's defaults suit neither side of a connection:
 *
 * - A slow client may take 60 s for its headers and 300 s for its request, checked every 30 s, so
 *   one client sending a byte at a time holds a connection for minutes.
 * - An idle keep-alive connection is closed after 5 s. A client (a load balancer, or undici, which
 *   reuses a connection until 2 s before the server's advertised `Keep-Alive: timeout`) may send
 *   its next request just as the server gives up on the connection: when the server's event loop
 *   is busy as that request arrives, its idle timer fires before it reads the request, and the
 *   connection is reset under the request (`ECONNRESET`, `fetch failed`). The longer the server
 *   keeps idle connections, the rarer the moment; above a load balancer's own idle timeout (60 s
 *   on AWS, nginx, ...), the balancer always lets go first.
 *
 * @module
 */
import type { ServerOptions } from 'node:http';

/**
 * Settings for `http.createServer(options, app)` (or `https`): headers within 10 s, the whole
 * request within 30 s, checked every second; idle keep-alive connections kept 65 s. Raise
 * `keepAliveTimeout` above your load balancer's idle timeout if it is longer than 60 s.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { HTTP_SERVER_OPTIONS } from '@leadbook/server';
 *
 * const server = createServer({ ...HTTP_SERVER_OPTIONS }, app);
 * server.listen(3000);
 * ```
 */
export const HTTP_SERVER_OPTIONS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 65_000,
} as const satisfies ServerOptions;
