// A small server on 127.0.0.1 playing the entity and inventory REST families (the sandbox's route modules under
// generator/sandbox/entity and generator/sandbox/inventory), for the families' end-to-end tests. Every answer is
// kept, so that a test can check each one against the zod schema of its record.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { EntityStore, entityRoute, seedEntities } from '../../generator/sandbox/entity/route.js';
import type { RestRequest } from '../../generator/sandbox/entity/reply.js';
import { InventoryStore, inventoryRoute } from '../../generator/sandbox/inventory/route.js';
import type { Kind } from '../../templates/runtime/entity/fields.js';

export const TOKEN = 'rest-test-token';

export interface Answer {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  readonly body: string;
}

export interface RestSandbox {
  readonly url: string;
  readonly entities: EntityStore;
  readonly inventory: InventoryStore;
  readonly requests: RestRequest[];
  readonly answers: Answer[];
  close(): Promise<void>;
}

export async function startRestSandbox(): Promise<RestSandbox> {
  const entities = new EntityStore();
  seedEntities(entities);
  const inventory = new InventoryStore();
  const authorized = (header: string | undefined) => header === `Bearer ${TOKEN}`;
  const routes = [entityRoute(entities, authorized), inventoryRoute(inventory, authorized)];
  const requests: RestRequest[] = [];
  const answers: Answer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const request: RestRequest = {
        method: req.method ?? 'GET',
        path: q < 0 ? url : url.slice(0, q),
        query: q < 0 ? '' : url.slice(q + 1),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let reply = undefined;
      for (const route of routes) reply ??= route(request);
      reply ??= { status: 404, headers: {}, body: '' };
      answers.push({ ...request, status: reply.status, body: reply.body });
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body)) });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    entities,
    inventory,
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const DECIMAL = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]);
const ZOD: Record<Kind, z.ZodType> = {
  'text!': z.string(),
  'int!': z.number().int(),
  text: z.string().nullish(),
  int: z.number().int().nullish(),
  decimal: DECIMAL.nullish(),
  yesNo: z.enum(['Y', 'N']).nullish(),
  bool: z.boolean().nullish(),
};

/** The zod schema of a record's field map (other fields allowed, as the server has more than the document names). */
export function zodRecord(fields: Readonly<Record<string, Kind>>, extra: Record<string, z.ZodType> = {}) {
  const shape: Record<string, z.ZodType> = { UserDefinedFields: z.record(z.string(), z.unknown()).optional() };
  for (const [name, kind] of Object.entries(fields)) shape[name] = ZOD[kind];
  return z.looseObject({ ...shape, ...extra });
}

/** Decimals in an answer's text: each written with nine decimal places, as the service writes them. */
export function decimalsIn(body: string): string[] {
  return body.match(/(?<=:)-?\d+\.\d+(?=[,}\]])/g) ?? [];
}
