// Small HTTP servers on 127.0.0.1 for the runtime's end-to-end tests of what no real service does (a broken or
// hostile server: bodies cut short or never ending, answers that are not the service's shapes): a handler per test,
// every request logged, sockets closed on stop. What the service does is played by the sandbox (sandbox/), the one
// simulator.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Logged {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface TestServer {
  readonly url: string;
  readonly requests: Logged[];
  close(): Promise<void>;
}

export type Handler = (request: Logged, res: ServerResponse) => unknown;

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Logged[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const logged: Logged = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(logged);
      void Promise.resolve(handler(logged, res)).catch((error: unknown) => {
        res.writeHead(599).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `startServer` that keeps every server it started, for `closeAll` at the end of a test file. */
export function serverPool(): ((handler: Handler) => Promise<TestServer>) & { closeAll(): Promise<void> } {
  const servers: TestServer[] = [];
  const serve = async (handler: Handler) => {
    const server = await startServer(handler);
    servers.push(server);
    return server;
  };
  return Object.assign(serve, { closeAll: async () => void (await Promise.all(servers.map((s) => s.close()))) });
}

/** A body written for as long as the client reads it (a server that never ends its answer). */
export function endless(res: ServerResponse, status: number, head: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.write(head);
  const chunk = 'x'.repeat(64 * 1024);
  const more = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

/** The error a call fails with; a call that succeeds fails the test. */
export async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** An unsigned JWT with the service's claims (the client never checks signatures). */
export function jwt(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.${b64url('sig')}`;
}
