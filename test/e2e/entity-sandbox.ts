// The sandbox (`erpgen sandbox`, generator/sandbox) for the entity and inventory families' end-to-end tests, with a
// client whose fetch keeps every answer it receives, so that a test can check each one against the zod schema of
// its answer (the package's answerSchemas).
import { join } from 'node:path';
import type { FetchLike } from '@acme/erp-schema/client';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { ROOT } from '../support/paths.js';

export const TOKEN = 'rest-test-token';

export interface Answer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: string;
}

export interface RestSandbox {
  readonly server: Sandbox;
  readonly url: string;
  /** every answer the client (`fetch` below) received */
  readonly answers: Answer[];
  /** a fetch that records each answer in `answers` */
  readonly fetch: FetchLike;
}

export async function startRestSandbox(): Promise<RestSandbox> {
  const server = await startSandbox({
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

/** Decimals in an answer's text: each written with nine decimal places, as the service writes them. */
export function decimalsIn(body: string): string[] {
  return body.match(/(?<=:)-?\d+\.\d+(?=[,}\]])/g) ?? [];
}
