// A sandbox for the end-to-end tests of the Transaction and Interactive APIs, signed into as a team would: tokens the
// sandbox itself issued, through tokenAuth() with a user's credentials (or a consumer key), never a fixed token.
import { createClient, tokenAuth, type ErpClient, type TokenAuth } from '@acme/erp-schema/client';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from './paths.js';

export const USER = 'tx_user';
export const PASSWORD = 'tx correct horse';
/** a consumer key of the UI server's scope (interactive and transaction only) */
export const UI_KEY = '3b8e3a52-6d1f-4c2a-9e07-6a1d2f9c4b10';

export interface TxSandbox {
  readonly server: Sandbox;
  readonly auth: TokenAuth;
  readonly client: ErpClient;
  /** the lines the client logged (retries, token renewals) */
  readonly log: string[];
  /** the waits the retry policy asked for, in order (none is slept) */
  readonly waits: number[];
}

/** A sandbox of the sample snapshot with a user and a UI-scoped key, and a client signed in as the user. */
export async function txSandbox(options: Partial<SandboxOptions> = {}): Promise<TxSandbox> {
  const server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 5,
    credentials: { users: { [USER]: PASSWORD }, consumerKeys: { [UI_KEY]: '/uiserver0' } },
    ...options,
  });
  const auth = tokenAuth({ baseUrl: server.url, username: USER, password: PASSWORD });
  const log: string[] = [];
  const waits: number[] = [];
  const client = createClient({
    baseUrl: server.url,
    auth,
    log: (line) => log.push(line),
    // the policy's waits are recorded, not slept: tests do not time anything
    retry: { random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
  });
  return { server, auth, client, log, waits };
}

/** The bodies of the requests a sandbox received on a path ending so, parsed. */
export function bodiesTo(server: Sandbox, method: string, pathEnd: string): unknown[] {
  return server.requests
    .filter((r) => r.method === method && r.path.endsWith(pathEnd) && r.body !== undefined)
    .map((r) => JSON.parse(r.body!) as unknown);
}
