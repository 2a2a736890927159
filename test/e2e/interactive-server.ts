// A small HTTP server on 127.0.0.1 for the end-to-end tests of the Interactive and UDT families: it serves the
// sandbox's interactive and UDT routes (generator/sandbox/interactive, generator/sandbox/udt) from the sample
// snapshot, and logs every request. Bearer tokens: `user-token` signs in as user `demo`; any JWT signs in as its
// `sub` claim ('' for a consumer key without a user name).
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readCsdlIndex, readCsdlObjects } from '../../generator/parse/csdl.js';
import { parseDefinition } from '../../generator/parse/definitions.js';
import type { QueryObject } from '../../generator/model/schema.js';
import type { TransactionService } from '../../generator/model/transactions.js';
import {
  interactiveSandbox,
  type InteractiveSandbox,
  type InteractiveSandboxOptions,
} from '../../generator/sandbox/interactive/route.js';
import type { Reply, Route, ServiceRequest } from '../../generator/sandbox/interactive/route-types.js';
import { udtSandbox, type UdtSandbox } from '../../generator/sandbox/udt/route.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

export interface FamilyServer {
  readonly url: string;
  /** the UI server: `<url>/uiserver0` */
  readonly ui: string;
  readonly requests: Array<{ method: string; path: string; query: string; body: string; accept: string | undefined }>;
  readonly interactive: InteractiveSandbox;
  readonly udt: UdtSandbox;
  close(): Promise<void>;
}

export type FamilyServerOptions = Partial<Omit<InteractiveSandboxOptions, 'services' | 'lengths' | 'userOf'>>;

let cached: { services: TransactionService[]; lengths: Map<string, number>; tables: QueryObject[] } | undefined;

function snapshot() {
  if (cached) return cached;
  const dir = join(SAMPLE_SNAPSHOT, 'definitions');
  const services = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => parseDefinition(readFileSync(join(dir, f), 'utf8'), f));
  const index = readCsdlIndex(join(SAMPLE_SNAPSHOT, 'tables.metadata.json'), 'table');
  const tables: QueryObject[] = [];
  readCsdlObjects(index.document, index.objects, (o) => tables.push(o));
  const lengths = new Map<string, number>();
  for (const t of tables)
    for (const c of t.columns)
      if (typeof c.maxLength === 'number') lengths.set(`${t.name}.${c.name}`.toLowerCase(), c.maxLength);
  cached = { services, lengths, tables };
  return cached;
}

function userOf(token: string): string | undefined {
  if (token === 'user-token') return 'demo';
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : '';
  } catch {
    return undefined;
  }
}

/** A JWT-shaped token (unsigned: the sandbox reads claims, as the client does). */
export function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

export async function startFamilyServer(options: FamilyServerOptions = {}): Promise<FamilyServer> {
  const { services, lengths, tables } = snapshot();
  const interactive = interactiveSandbox({ ...options, services, lengths, userOf });
  const udt = udtSandbox({ tables, userOf });
  const routes: Route[] = [interactive.route, interactive.commandsRoute, udt.route];
  const requests: FamilyServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const request: ServiceRequest = {
        method: req.method ?? 'GET',
        path: q < 0 ? url : url.slice(0, q),
        query: q < 0 ? '' : url.slice(q + 1),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push({
        method: request.method,
        path: request.path,
        query: request.query,
        body: request.body ?? '',
        accept: headers['accept'],
      });
      let reply: Reply = { status: 404, headers: {}, body: '' };
      try {
        for (const route of routes) {
          const answer = route(request);
          if (answer) {
            reply = answer;
            break;
          }
        }
      } catch (error) {
        reply = { status: 500, headers: { 'Content-Type': 'text/plain' }, body: String((error as Error).stack) };
      }
      const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    ui: `${url}/uiserver0`,
    requests,
    interactive,
    udt,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
