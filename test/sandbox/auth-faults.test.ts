// The sandbox's security family and fault switches, over real HTTP: what a token call answers for each kind of
// credential, what each family does with the token it gets, and what each fault switch does to the answers.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { cliSandbox } from '../support/cli-sandbox.js';
import { CLI, SAMPLE_SNAPSHOT } from '../support/paths.js';

const USER = 'api_user';
const PASSWORD = 'pw-Sandbox-1';
const FULL_KEY = '0f8e0000-0000-4000-8000-000000000001';
const NARROW_KEY = '0f8e0000-0000-4000-8000-000000000002';
const NO_ODATA_KEY = '0f8e0000-0000-4000-8000-000000000003';

let server: Sandbox;

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 2,
    credentials: {
      users: { [USER]: PASSWORD },
      consumerKeys: { [FULL_KEY]: '/api;/odata', [NARROW_KEY]: '/api;/odata:customer,oe_hdr', [NO_ODATA_KEY]: '/api' },
    },
  });
});
afterAll(() => server.close());

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly text: string;
  readonly json: () => Record<string, any>;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(server.url + path, { redirect: 'manual', ...init });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) };
}

function tokenCall(body: unknown): Promise<Answer> {
  return call('/api/security/token/v2', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

async function token(body: unknown): Promise<string> {
  const answer = await tokenCall(body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json().AccessToken as string;
}

const claims = (jwt: string): Record<string, any> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
const bearer = (t: string): Record<string, string> => ({ Authorization: `Bearer ${t}`, Accept: 'application/json' });

describe('token endpoint', () => {
  it('issues a user token with the documented fields and claims', async () => {
    const answer = await tokenCall({ username: USER, password: PASSWORD });
    expect(answer.status).toBe(200);
    const body = answer.json();
    expect(Object.keys(body)).toEqual(['AccessToken', 'RefreshToken', 'ExpiresInSeconds', 'TokenType']);
    expect(body.ExpiresInSeconds).toBe(86400);
    expect(body.TokenType).toBe('Bearer');
    const c = claims(body.AccessToken);
    expect(c.sub).toBe(USER);
    expect(c.iss).toBe('Svc.Soa');
    expect(c.exp - c.iat).toBe(86400);
  });

  it('issues a consumer key token whose aud carries the OData allow-list', async () => {
    const answer = await tokenCall({ ClientSecret: NARROW_KEY, GrantType: 'client_credentials' });
    const body = answer.json();
    expect(body.ExpiresIn).toBe(630720000);
    expect(body.ExpiresInSeconds).toBeUndefined();
    expect(body.Scope).toBe('/api;/odata:customer,oe_hdr');
    expect(body.RefreshToken).toBe('');
    const c = claims(body.AccessToken);
    expect(c.aud).toBe('/api;/odata:customer,oe_hdr');
    expect(c.exp).toBe(2147483647);
    expect(c['Svc.SessionId']).toBe(body.SessionId);
    expect(c['Svc.ConsumerUid']).toBe(body.ConsumerUid);
  });

  it('answers 401 invalid_grant for a wrong password or user', async () => {
    for (const body of [
      { username: USER, password: 'wrong' },
      { username: 'nobody', password: PASSWORD },
    ]) {
      const answer = await tokenCall(body);
      expect(answer.status).toBe(401);
      expect(answer.json().error).toBe('invalid_grant');
    }
  });

  it('answers HTTP 500 TokenException for an unknown key, echoing the key as the server does', async () => {
    const answer = await tokenCall({ ClientSecret: 'not-registered-key', GrantType: 'client_credentials' });
    expect(answer.status).toBe(500);
    expect(answer.json().ErrorType).toBe('Svc.Business.Common.TokenException');
    expect(answer.text).toContain('not-registered-key');
  });
});

describe('bearer checks', () => {
  it('serves every family to a user token; the router redirects without the trailing slash', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    expect((await call('/odataservice/odata/table/price_page?$top=1', { headers: bearer(t) })).status).toBe(200);
    const redirect = await call('/api/ui/router/v1?urlType=external', { headers: bearer(t) });
    expect(redirect.status).toBe(307);
    const router = await call('/api/ui/router/v1/?urlType=external', { headers: bearer(t) });
    expect(router.json().Url).toBe(`${server.url}/uiserver0`);
    const info = await call('/uiserver0/ui/common/v1/serverinfo', { headers: bearer(t) });
    expect(info.json().Version['Application Version']).toBe('26.1.5940.0');
    expect((await call('/uiserver0/api/v2/services', { headers: bearer(t) })).status).toBe(200);
  });

  it('refuses objects outside a key allow-list with 401, and a key whose scope has no /odata with the same 401', async () => {
    const narrow = await token({ ClientSecret: NARROW_KEY, GrantType: 'client_credentials' });
    expect((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(narrow) })).status).toBe(200);
    const out = await call('/odataservice/odata/table/price_page?$top=1', { headers: bearer(narrow) });
    expect(out.status).toBe(401);
    // the message is the permission's too (the documents: only the token's aud tells them apart)
    expect(out.json().error.message).toBe('Authorization has been denied for this request.');
    const noOdata = await token({ ClientSecret: NO_ODATA_KEY, GrantType: 'client_credentials' });
    // the documents give the query surface's not-authorized 401 for a table out of scope, 403 only at sign-in
    const refused = await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(noOdata) });
    expect([refused.status, refused.json().error.message]).toEqual([
      401,
      'Authorization has been denied for this request.',
    ]);
    expect((await call('/uiserver0/api/v2/services', { headers: bearer(noOdata) })).status).toBe(200);
    // a bare /odata reaches the family but names no object: tables must be named
    const bare = await token({ ClientSecret: FULL_KEY, GrantType: 'client_credentials' });
    const unnamed = await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(bare) });
    expect([unnamed.status, unnamed.json().error.code]).toEqual([401, '401']);
  });

  it('refuses an expired token after a forced expiry, and serves a new one', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    server.expireTokens();
    const stale = await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(t) });
    expect(stale.status).toBe(401);
    const router = await call('/api/ui/router/v1/', { headers: bearer(t) });
    expect([router.status, router.json().error]).toEqual([401, 'invalid_token']);
    const fresh = await token({ username: USER, password: PASSWORD });
    expect((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(fresh) })).status).toBe(200);
  });

  it('refuses a token with a forged signature or claims', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    const [head, , sig] = t.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims(t), sub: 'admin' })).toString('base64url')}.${sig}`;
    expect((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(forged) })).status).toBe(401);
  });
});

describe('fault switches', () => {
  it('answers token calls in XML, with lifetimes from the switch', async () => {
    server.setFaults({ xmlTokens: true, tokenLifetime: 1 });
    try {
      const answer = await tokenCall({ username: USER, password: PASSWORD });
      expect(answer.type).toMatch(/^application\/xml/);
      expect(answer.text).toMatch(/<AccessToken>[\w-]+\.[\w-]+\.[\w-]+<\/AccessToken>/);
      expect(answer.text).toContain('<ExpiresInSeconds>1</ExpiresInSeconds>');
      const t = /<AccessToken>([^<]+)</.exec(answer.text)![1]!;
      expect(claims(t).exp - claims(t).iat).toBe(1);
    } finally {
      server.setFaults({});
    }
  });

  it('a token call ends the earlier session with --one-session', async () => {
    server.setFaults({ oneSession: true });
    try {
      const first = await token({ username: USER, password: PASSWORD });
      await token({ username: USER, password: PASSWORD });
      expect((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(first) })).status).toBe(401);
    } finally {
      server.setFaults({});
    }
  });

  it('answers a burst of empty 500s, then recovers; token calls are spared', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    server.setFaults({ burst500: { count: 2, every: 4 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(t) })).status);
      expect(statuses).toEqual([500, 500, 200, 200, 500, 500, 200, 200]);
      expect((await tokenCall({ username: USER, password: PASSWORD })).status).toBe(200);
    } finally {
      server.setFaults({});
    }
  });

  it('drops connections without an answer', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    server.setFaults({ drop: { count: 1 } });
    try {
      await expect(call('/odataservice/odata/table/customer?$top=1', { headers: bearer(t) })).rejects.toThrow();
      expect((await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(t) })).status).toBe(200);
    } finally {
      server.setFaults({});
    }
  });

  it('slows every answer down', async () => {
    const t = await token({ username: USER, password: PASSWORD });
    server.setFaults({ slowMs: 300 });
    try {
      const started = performance.now();
      await call('/odataservice/odata/table/customer?$top=1', { headers: bearer(t) });
      // a lower bound only: a slow machine may take longer, never shorter
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      server.setFaults({});
    }
  });
});

describe('erpgen sandbox', () => {
  it('prints its base URL first, serves the snapshot and stops cleanly on SIGTERM', async () => {
    const sandbox = await cliSandbox(['--snapshot', SAMPLE_SNAPSHOT, '--user', 'u1'], {
      ERP_PASSWORD: 'cli-password-1',
    });
    const url = sandbox.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await fetch(`${url}/api/security/token/v2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'u1', password: 'cli-password-1' }),
    });
    expect(answer.status).toBe(200);
    expect(await sandbox.stop()).toBe(0);
    const { stdout, stderr } = sandbox.output();
    expect(stdout + stderr).not.toContain('cli-password-1');
  });

  it('refuses to start without credentials, and a fault switch it cannot read, in one line', async () => {
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, 'sandbox', '--snapshot', SAMPLE_SNAPSHOT, ...args], {
          env: { ...process.env, ERP_PASSWORD: '', ERP_CONSUMER_KEY: '', ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.once('exit', (code) => resolve({ code, err }));
      });
    const none = await run([], {});
    expect([none.code, none.err.trim()]).toEqual([
      1,
      'erpgen: no credentials to accept: set ERP_PASSWORD (for --user) and/or ERP_CONSUMER_KEY',
    ]);
    const bad = await run(['--burst-500', '5/2'], { ERP_PASSWORD: 'x-password' });
    expect([bad.code, bad.err.trim()]).toEqual([
      2,
      'erpgen: --burst-500 5/2: expected N or N/M (N faulty requests, or N of every M)',
    ]);
  });

  it('refuses a secret given as a flag, without repeating it', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'sandbox', '--snapshot', SAMPLE_SNAPSHOT, '--password', 'flag-secret-9'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(out).toMatch(/^erpgen: --password: secrets are not taken as flags/);
    expect(out).not.toContain('flag-secret-9');
  });
});
