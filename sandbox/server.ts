// The one HTTP server of the sandbox: every request goes through the same steps, in the order the service's layers
// take them, before a family sees it:
//   1. the fault switches (a slow answer, a dropped connection, an opaque 500), token calls excepted;
//   2. the web server's own rules: a path segment named `bin` gets its HTML 404 page;
//   3. the family that owns the path, and what it answers before the application (a 307 to the trailing-slash form);
//   4. the bearer token, checked against the scope the family needs: a request refused here is answered without its
//      body being read, and the connection is closed;
//   5. the body, read up to MAX_BODY_BYTES (413 beyond, without reading the rest);
//   6. the family's route. A failure of the simulation itself answers the generic 500 ASP.NET gives, never a stack
//      trace or a path: the stack goes to `onBug`.
// A client that goes away mid-request or mid-body is ordinary (a test that ends, a retry policy that gives up): the
// request is dropped without a word. Idle connections are never closed on a timer (see `listen`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate, type Access, type Caller, type TokenCheck } from './auth.js';
import { emptyReply, htmlNotFound, jsonReply, type Reply, type RequestHead, type ServiceRequest } from './reply.js';

/** The routes of one family of endpoints: the paths it owns, the scope a token needs for it, and its answers. */
export interface Routes {
  readonly name: string;
  /** whether a raw path is this family's */
  owns(path: string): boolean;
  /** the scope family a token must reach; `none` for the token endpoint itself */
  readonly access: Access;
  /** what is answered before the token is looked at (a redirect of the web server, a path that cannot be) */
  before?(head: RequestHead): Reply | undefined;
  /** the answer; undefined for a path the family owns but has no endpoint at (an empty 404) */
  route(request: ServiceRequest, caller: Caller): Reply | undefined;
}

/** `count` faulty answers, then good ones; with `every`, the first `count` of every `every` requests are faulty. */
export interface FaultPlan {
  readonly count: number;
  readonly every?: number;
  /** requests answered normally before the plan starts (default 0) */
  readonly after?: number;
}

/** The request-level fault switches (the token switches are the token endpoint's). */
export interface RequestFaults {
  /** opaque HTTP 500 answers (an empty body) */
  readonly burst500?: FaultPlan;
  /** the proxy, overload and backend-timeout answers (502, 503, 504; default 503), with the body IIS gives */
  readonly overload?: FaultPlan & { readonly status?: 502 | 503 | 504 };
  /** connections closed without an answer */
  readonly drop?: FaultPlan;
  /** milliseconds every answer waits before it is sent */
  readonly slowMs?: number;
}

/** A request as it was received, for tests that look at what a client sent. */
export interface LoggedRequest {
  method: string;
  /** raw path, undecoded */
  path: string;
  /** raw query string without `?`, undecoded; '' when absent */
  query: string;
  headers: Record<string, string | undefined>;
  /** the raw request body as UTF-8 text, when the request had one and it was read */
  body?: string;
  /** milliseconds its family took to make the answer: the server's time, without the network and the faults */
  ms?: number;
}

export interface ServerOptions {
  /** the routes serving now (a reset replaces those that hold data) */
  readonly routes: () => readonly Routes[];
  readonly check: TokenCheck;
  /** the switches in force now (read per request) */
  readonly faults: () => RequestFaults;
  readonly port?: number;
  /** every request, as received */
  readonly log?: (request: LoggedRequest) => void;
  /** a bug of the simulation (its answer is the generic 500) */
  readonly onBug?: (error: unknown) => void;
}

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** fault counting starts again (after the switches change) */
  resetFaults(): void;
  close(): Promise<void>;
}

/** The largest request body read: a bulk price of 1,000 items or a transaction of 1,000 rows is well under it. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const TOKEN_PATH = /^\/api\/security\/token(\/v2)?$/;

/** IIS request filtering hides any path segment named `bin`: such requests get the web server's 404 page. */
function hiddenByWebServer(path: string): boolean {
  return path.split('/').some((segment) => {
    try {
      return decodeURIComponent(segment) === 'bin';
    } catch {
      return false;
    }
  });
}

function headOf(req: IncomingMessage): RequestHead {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const headers: Record<string, string | undefined> = Object.create(null) as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(req.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? url : url.slice(0, q),
    query: q < 0 ? '' : url.slice(q + 1),
    headers,
  };
}

/** The client went away before its request was whole: nothing is to be answered. */
const GONE = Symbol('gone');

/**
 * The body as text; undefined when it is longer than MAX_BODY_BYTES (then it is not read further); GONE when the
 * client closed the connection before sending all of it.
 */
async function bodyOf(req: IncomingMessage): Promise<string | undefined | typeof GONE> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of req) {
      total += (chunk as Buffer).length;
      if (total > MAX_BODY_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    // Node ends the body's stream with `aborted` (ECONNRESET) when the client closes mid-body
    if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') return GONE;
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What IIS or the proxy in front of it answers when the application is not there to answer. */
function overloaded(status: 502 | 503 | 504): Reply {
  const titles = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' } as const;
  return {
    status,
    headers: { 'Content-Type': 'text/html' },
    body: `<!DOCTYPE html><html><head><title>${status} ${titles[status]}</title></head><body><h1>${titles[status]}</h1></body></html>`,
  };
}

/** ASP.NET's answer to an exception the application did not handle: nothing of its inside. */
const UNHANDLED = jsonReply(500, { Message: 'An error has occurred.' });
const TOO_LARGE = jsonReply(413, { Message: 'The request is too large.' });

/** Decides, request by request, which fault (if any) hits it. */
class FaultCounter {
  private seen = 0;
  reset(): void {
    this.seen = 0;
  }
  next(faults: RequestFaults): 'drop' | '500' | 'overload' | undefined {
    const n = ++this.seen;
    const hits = (plan: FaultPlan | undefined): boolean =>
      plan !== undefined &&
      plan.count > 0 &&
      n > (plan.after ?? 0) &&
      (plan.every ? (n - 1 - (plan.after ?? 0)) % plan.every < plan.count : n - (plan.after ?? 0) <= plan.count);
    if (hits(faults.drop)) return 'drop';
    if (hits(faults.burst500)) return '500';
    if (hits(faults.overload)) return 'overload';
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply, close = false): void {
  if (res.destroyed) return;
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  res.writeHead(reply.status, {
    ...reply.headers,
    'Content-Length': String(body.length),
    ...(close ? { Connection: 'close' } : {}),
  });
  // a request answered without its body read: the connection is closed rather than drained
  res.end(body, close ? () => res.socket?.destroy() : undefined);
}

export async function listen(options: ServerOptions): Promise<Listening> {
  const counter = new FaultCounter();
  let origin = '';

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const head = headOf(req);
    const logged: LoggedRequest = { ...head, headers: { ...head.headers } };
    options.log?.(logged);
    const tokenCall = TOKEN_PATH.test(head.path);
    const faults = tokenCall ? {} : options.faults();
    const fault = tokenCall ? undefined : counter.next(faults);
    if ((faults.slowMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    if (fault === 'drop') return void res.socket?.destroy();
    if (fault === '500') return send(res, emptyReply(500), true);
    if (fault === 'overload') return send(res, overloaded(faults.overload?.status ?? 503), true);
    if (hiddenByWebServer(head.path)) return send(res, htmlNotFound(), true);
    const family = options.routes().find((f) => f.owns(head.path));
    if (!family) return send(res, emptyReply(404), true);
    const early = family.before?.(head);
    if (early) return send(res, early, true);
    const uri = `${origin}${head.path}${head.query === '' ? '' : `?${head.query}`}`;
    const auth = authenticate(head.headers['authorization'], family.access, options.check, uri);
    if ('refused' in auth) return send(res, auth.refused, true);
    const body = await bodyOf(req);
    if (body === GONE) return;
    if (body === undefined) return send(res, TOO_LARGE, true);
    if (body !== '') logged.body = body;
    let reply: Reply;
    const started = performance.now();
    try {
      reply = family.route({ ...head, body }, auth.caller) ?? emptyReply(404);
    } catch (error) {
      options.onBug?.(error);
      reply = UNHANDLED;
    }
    logged.ms = performance.now() - started;
    // held back without holding the process open: closing the server ends the connection first
    if ((reply.afterMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, reply.afterMs).unref());
    send(res, reply);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      options.onBug?.(error);
      send(res, UNHANDLED, true);
    });
  });
  // No idle timeout of its own (Node's default closes a keep-alive connection after 5 s). A route runs
  // synchronously, and one that builds a table's rows can hold the event loop for seconds on a busy machine; the
  // timer of a connection that went idle meanwhile then fires before the request a client has already sent on it
  // is read, and the client meets a reset (ECONNRESET) instead of an answer. Clients close their idle connections
  // themselves (Node's fetch after 4 s); `close()` ends the rest. IIS, which the sandbox plays, keeps an idle
  // connection for two minutes and announces no timeout either.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    resetFaults: () => counter.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive connections would otherwise hold close() open
      }),
  };
}
