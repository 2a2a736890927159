// The sandbox (`erpgen sandbox`, sandbox/) for the entity, inventory and UDT families' end-to-end tests: signed in
// as the service documents it, with a token the sandbox issued (tokenAuth with a user's credentials, or a consumer
// key's), and a client whose fetch keeps every answer it receives, so that a test can check each one against the zod
// schema of its answer (the package's answerSchemas).
import { createClient, tokenAuth, type ErpClient, type FetchLike, type TokenAuth } from '@acme/erp-schema/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from './paths.js';
import { PASSWORD, USER } from './sandbox.js';

export { PASSWORD, USER };
/** a consumer key whose scope is /api: the REST families and UDT, no data query */
export const API_KEY = '3a7c0f2e-5b1d-4e8a-9c6f-1d2e3f4a5b6c';
/** a consumer key whose scope is /uiserver0: the Transaction and Interactive APIs only */
export const UI_KEY = '3a7c0f2e-5b1d-4e8a-9c6f-1d2e3f4a5b6d';

export interface Answer {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: string;
}

export interface RestSandbox {
  readonly server: Sandbox;
  readonly url: string;
  /** the user's sign-in: a token the sandbox issued, renewed as the documents say */
  readonly auth: TokenAuth;
  /** every answer the client (`fetch` below) received */
  readonly answers: Answer[];
  /** a fetch that records each answer in `answers` */
  readonly fetch: FetchLike;
  /** a client signed in as the user, with `fetch` and the options given */
  client(options?: Omit<Parameters<typeof createClient>[0], 'baseUrl' | 'auth' | 'fetch'>): ErpClient;
  /** a raw request with the user's token (what a client that does not follow the documents sends) */
  raw(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
}

export async function startRestSandbox(options: Partial<SandboxOptions> = {}): Promise<RestSandbox> {
  const server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 1,
    credentials: { users: { [USER]: PASSWORD }, consumerKeys: { [API_KEY]: '/api', [UI_KEY]: '/uiserver0' } },
    ...options,
  });
  const answers: Answer[] = [];
  const recording: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init as RequestInit);
    const body = await response.clone().text();
    answers.push({ method: init.method, path: new URL(url).pathname, status: response.status, body });
    return response;
  };
  const auth = tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD });
  return {
    server,
    url: server.url,
    auth,
    answers,
    fetch: recording,
    client: (more = {}) => createClient({ ...more, baseUrl: server.url, auth, fetch: recording }),
    raw: async (path, init = {}) =>
      globalThis.fetch(`${server.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${await auth.token()}`,
          Accept: 'application/json',
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
        redirect: 'manual',
        ...(init.body !== undefined ? { body: init.body } : {}),
      }),
  };
}

/** Decimals in an answer's text, as written (bare JSON numbers with a fraction). */
export function decimalsIn(body: string): string[] {
  return body.match(/(?<=:)-?\d+\.\d+(?=[,}\]])/g) ?? [];
}
