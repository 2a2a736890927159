// Small HTTP servers on 127.0.0.1 for the runtime's end-to-end tests: a handler per test, every request
// logged, sockets closed on stop (a test may leave a body that never ends). Also a token server playing the
// token endpoint and the data query surface with JWTs, so the client's sign-in and 401 handling run against
// real HTTP.
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

export interface TokenServerOptions {
  /** accepted user credentials */
  readonly users?: Readonly<Record<string, string>>;
  /** accepted consumer keys -> the scope put in `aud` */
  readonly keys?: Readonly<Record<string, string>>;
  /** user names with the OData permission (default: every user) */
  readonly odataUsers?: readonly string[];
  /** answer the token call in XML */
  readonly xml?: boolean;
  /** the lifetime sent, in seconds */
  readonly lifetime?: number;
  /** rows of every table: `{ id }` from 1 to this */
  readonly rows?: number;
}

export interface TokenServer extends TestServer {
  /** tokens issued, in order */
  readonly issued: string[];
  /** makes every issued token invalid, as a later session or a restart does */
  invalidateAll(): void;
  setScope(key: string, scope: string): void;
}

const DENIED = 'Authorization has been denied for this request.';

/**
 * The token endpoint and `/odataservice/odata/table/{name}` over `rows` rows, with the service's behaviour:
 * invalid_grant for wrong credentials, a 500 TokenException echoing an unknown consumer key, the same 401 for
 * an invalid token, an out-of-scope table and a user without the OData permission.
 */
export async function startTokenServer(options: TokenServerOptions): Promise<TokenServer> {
  const issued: string[] = [];
  const valid = new Map<string, { user: string; scope: string | undefined }>();
  const keys = new Map(Object.entries(options.keys ?? {}));
  let sessions = 0;
  const server = await startServer((req, res) => {
    if (req.method === 'POST' && req.path === '/api/security/token/v2') {
      const body = JSON.parse(req.body) as Record<string, string>;
      let user: string;
      let scope: string | undefined;
      if (body['GrantType'] === 'client_credentials') {
        scope = keys.get(body['ClientSecret'] ?? '');
        if (scope === undefined)
          return json(res, 500, {
            ErrorMessage: 'Unable to generate client token.',
            ErrorType: 'Svc.Business.Common.TokenException',
            InnerException: `No resource found for consumer key ${body['ClientSecret']}.`,
          });
        if (scope === '') return json(res, 403, { error: 'insufficient_scope' });
        user = body['username'] ?? '';
      } else {
        user = body['username'] ?? '';
        if (options.users?.[user] === undefined || options.users[user] !== body['password'])
          return json(res, 401, {
            error: 'invalid_grant',
            error_description: 'The user name or password is incorrect.',
          });
      }
      const token = jwt({
        sub: user,
        ...(scope !== undefined ? { aud: scope } : {}),
        'Svc.SessionId': `session-${++sessions}`,
        iss: 'Svc.Soa',
        exp: 2147483647,
      });
      issued.push(token);
      valid.set(token, { user, scope });
      const lifetime = options.lifetime ?? (scope !== undefined ? 630720000 : 86400);
      if (options.xml)
        return void res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<TokenResponse xmlns="http://schemas.datacontract.org/2004/07/Svc"><AccessToken>${token}</AccessToken><ExpiresIn>${lifetime}</ExpiresIn><TokenType>Bearer</TokenType></TokenResponse>`,
          );
      return json(
        res,
        200,
        scope !== undefined
          ? {
              AccessToken: token,
              TokenType: 'Bearer',
              UserName: user,
              ExpiresIn: lifetime,
              RefreshToken: '',
              Scope: scope,
            }
          : { AccessToken: token, RefreshToken: 'r', ExpiresInSeconds: lifetime, TokenType: 'Bearer' },
      );
    }
    const m = /^\/odataservice\/odata\/table\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      if (!auth)
        return json(res, 401, {
          Description: "Authorization header was not present or 'Bearer' was missing",
          Error: 'Unauthorized',
          Uri: req.path,
        });
      const grant = valid.get(auth[1]!);
      if (!grant) return json(res, 401, { error: { code: '401', message: DENIED } });
      const name = m[1]!;
      if (grant.scope !== undefined) {
        const allowed = /\/odata:([^;]*)/.exec(grant.scope)?.[1]?.split(',') ?? [];
        if (!allowed.includes(name)) return json(res, 401, { error: { code: '401', message: DENIED } });
      } else if (options.odataUsers !== undefined && !options.odataUsers.includes(grant.user))
        return json(res, 401, { error: { code: '401', message: DENIED } });
      const total = options.rows ?? 10;
      const top = Number(req.query.get('$top') ?? total);
      const skip = Number(req.query.get('$skip') ?? 0);
      const value = [];
      for (let i = skip; i < Math.min(total, skip + top); i++) value.push({ company_id: 'ACME', customer_id: i + 1 });
      return json(res, 200, { '@odata.context': '$metadata#customer', value });
    }
    res.writeHead(404).end();
  });
  return {
    ...server,
    issued,
    invalidateAll: () => valid.clear(),
    setScope: (key, scope) => void keys.set(key, scope),
  };
}
