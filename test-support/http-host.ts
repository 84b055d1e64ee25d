/**
 * How the tests host a service over HTTP, as the examples and the mounting guide do: a Node server
 * with `HTTP_SERVER_OPTIONS` (idle keep-alive connections kept longer than any client reuses them)
 * on a loopback port, and the graceful shutdown in its order.
 *
 * @module
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_SERVER_OPTIONS, type ConnectService } from '@leadbook/server';

/** A listening server and its base URL (`http://127.0.0.1:<port>`). */
export interface LoopbackHost {
  server: Server;
  url: string;
}

/** Serves `app` on a free loopback port; resolves once it listens. */
export async function listenOnLoopback(app: RequestListener): Promise<LoopbackHost> {
  const server = createServer({ ...HTTP_SERVER_OPTIONS }, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The graceful shutdown: the server stops accepting connections (Node closes the idle keep-alive
 * ones), the service drains and closes, then the connections still open are ended.
 */
export async function shutDownHost(server: Server, service: ConnectService, drainMs?: number): Promise<void> {
  server.close();
  await service.close(drainMs === undefined ? {} : { drainMs });
  server.closeAllConnections();
}
