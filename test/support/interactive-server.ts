// The sandbox for the end-to-end tests of the Interactive and UDT families, from the sample snapshot: a fixed user
// token (`user-token`) and a consumer key's token with a user name (`USER_KEY_TOKEN`), and a request log in the
// shape the tests read.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/sandbox.js';
import { SAMPLE_SNAPSHOT } from './paths.js';

/** A JWT-shaped token (unsigned: fixed tokens are taken as given; the client reads its claims). */
export function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** a consumer key's token that carries a user name */
export const USER_KEY_TOKEN = jwt({ sub: 'demo', aud: '/api', 'Svc.ConsumerUid': '42', exp: 2147483647 });

export interface FamilyServer {
  readonly url: string;
  /** the UI server: `<url>/uiserver0` */
  readonly ui: string;
  readonly requests: ReadonlyArray<{
    method: string;
    path: string;
    query: string;
    body: string;
    accept: string | undefined;
  }>;
  readonly sandbox: Sandbox;
  readonly interactive: Sandbox['interactive'];
  close(): Promise<void>;
}

export async function startFamilyServer(
  options: Pick<SandboxOptions, 'build' | 'interactive' | 'credentials'> = {},
): Promise<FamilyServer> {
  const sandbox = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    tokens: { 'user-token': { tables: '*' }, [USER_KEY_TOKEN]: { tables: '*' } },
    ...options,
  });
  return {
    url: sandbox.url,
    ui: `${sandbox.url}/uiserver0`,
    get requests() {
      return sandbox.requests.map((r) => ({
        method: r.method,
        path: r.path,
        query: r.query,
        body: r.body ?? '',
        accept: r.headers['accept'],
      }));
    },
    sandbox,
    interactive: sandbox.interactive,
    close: () => sandbox.close(),
  };
}
