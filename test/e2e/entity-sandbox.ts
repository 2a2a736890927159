// The sandbox (`erpgen sandbox`, generator/sandbox) for the entity and inventory families' end-to-end tests, with a
// client whose fetch keeps every answer it receives, so that a test can check each one against the zod schema of
// its record.
import { join } from 'node:path';
import { z } from 'zod';
import type { FetchLike } from '@acme/erp-schema/client';
import { startQueryService, type SimulatedServer } from '../../generator/sandbox/query-service.js';
import type { Kind } from '../../templates/runtime/entity/fields.js';
import { ROOT } from '../support/paths.js';

export const TOKEN = 'rest-test-token';

export interface Answer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: string;
}

export interface RestSandbox {
  readonly server: SimulatedServer;
  readonly url: string;
  /** every answer the client (`fetch` below) received */
  readonly answers: Answer[];
  /** a fetch that records each answer in `answers` */
  readonly fetch: FetchLike;
}

export async function startRestSandbox(): Promise<RestSandbox> {
  const server = await startQueryService({
    snapshot: join(ROOT, 'schema'),
    tokens: { [TOKEN]: { tables: '*' } },
    rowsPerObject: 1,
  });
  const answers: Answer[] = [];
  const recording: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init as RequestInit);
    const body = await response.clone().text();
    answers.push({ method: init.method, path: new URL(url).pathname, status: response.status, body });
    return response;
  };
  return { server, url: server.url, answers, fetch: recording };
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
