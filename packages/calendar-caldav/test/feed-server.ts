/**
 * An HTTP server on loopback that publishes ICS feeds for the tests: each path answers what the
 * test set for it (a body, an error status, or nothing at all).
 */
import { createServer, type ServerResponse } from 'node:http';

/** What a path answers: an iCalendar body, an HTTP status without a feed, or never. */
export type FeedAnswer = string | { status: number } | 'hang';

/** A running feed server. */
export interface FeedServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Sets what `path` answers from now on. */
  publish(path: string, answer: FeedAnswer): void;
  /** How many requests `path` has had. */
  requests(path: string): number;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

/** Starts a feed server on a free loopback port. */
export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const counts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404 };
    if (answer === 'hang') {
      hanging.add(response);
      return;
    }
    if (typeof answer === 'object') {
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('no feed here');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    publish: (path, answer) => void answers.set(path, answer),
    requests: (path) => counts.get(path) ?? 0,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
