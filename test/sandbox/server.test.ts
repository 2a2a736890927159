// The sandbox's one server (sandbox/server.ts), over real HTTP: a request is refused before its body is read when its
// token is missing or its scope does not reach the family, a body too large is never read, and a malformed request
// gets the status the service would give, never a stack trace or a path of this machine.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { MAX_BODY_BYTES } from '../../sandbox/server.js';
import { SAMPLE_SNAPSHOT } from '../support/paths.js';

const UI_KEY = '0f8e0000-0000-4000-8000-0000000000a1';
const API_KEY = '0f8e0000-0000-4000-8000-0000000000a2';
const bugs: unknown[] = [];
let server: Sandbox;

beforeAll(async () => {
  server = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 2,
    credentials: { users: { u: 'p' }, consumerKeys: { [UI_KEY]: '/uiserver0', [API_KEY]: '/api' } },
    tokens: { 'test-token': { tables: '*' } },
    onBug: (error) => void bugs.push(error),
  });
});
afterAll(() => server.close());

async function tokenOf(key: string): Promise<string> {
  const res = await fetch(`${server.url}/api/security/token/v2`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ClientSecret: key, GrantType: 'client_credentials', username: 'u' }),
  });
  return ((await res.json()) as { AccessToken: string }).AccessToken;
}

/**
 * A request that announces a body of `length` bytes and sends only its first kilobyte: the answer must come without
 * the rest, which never arrives.
 */
function partialBody(path: string, length: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('{"x": "'.padEnd(1024, 'x'));
  });
}

describe('one token check, before the body', () => {
  it('a request without a token is refused before its body is read', async () => {
    for (const path of [
      '/uiserver0/api/v2/transaction',
      '/api/entity/customers/',
      '/udtservice/api/udtdata/updateudtdata',
      '/odataservice/odata/table/customer',
    ])
      expect([path, await partialBody(path, 500_000_000)]).toEqual([path, path.startsWith('/odata') ? 405 : 401]);
  });

  it('a body longer than the server reads is a 413, without reading it', async () => {
    const status = await partialBody('/uiserver0/api/v2/transaction', MAX_BODY_BYTES + 1, {
      Authorization: 'Bearer test-token',
    });
    expect(status).toBe(413);
  });

  it('a /uiserver0 key reaches the transaction and interactive APIs only; /api reaches the REST families and UDT', async () => {
    const ui = await tokenOf(UI_KEY);
    const api = await tokenOf(API_KEY);
    const get = async (token: string, path: string, method = 'GET') =>
      (
        await fetch(`${server.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        })
      ).status;
    expect(await get(ui, '/uiserver0/api/v2/services')).toBe(200);
    expect(await get(ui, '/api/entity/customers/ping')).toBe(403);
    expect(await get(ui, '/api/inventory/parts/ping')).toBe(403);
    expect(await get(ui, '/udtservice/api/udtdata/updateudtdata', 'PUT')).toBe(403);
    expect(await get(api, '/api/entity/customers/ping')).toBe(200);
    expect(await get(api, '/udtservice/api/udtdata/updateudtdata', 'PUT')).toBe(400);
  });
});

describe('a malformed request gets the status the service gives, never an inside detail', () => {
  const cases: ReadonlyArray<readonly [string, string, number]> = [
    ['a resource named like an Object member', '/api/entity/constructor/', 404],
    ['__proto__ as a resource', '/api/entity/__proto__/ping', 404],
    ['a UDT action named like an Object member', '/udtservice/api/udtdata/constructor', 404],
    ['a bad percent escape in an item id', '/api/inventory/parts/%E0%A4%A', 400],
    [
      '5,000 nested parentheses in a filter',
      `/odataservice/odata/table/customer?$top=1&$filter=${encodeURIComponent(`${'('.repeat(5000)}customer_id eq 1${')'.repeat(5000)}`)}`,
      404,
    ],
  ];
  for (const [what, path, status] of cases)
    it(what, async () => {
      const res = await fetch(`${server.url}${path}`, {
        method: path.startsWith('/udtservice') ? 'PUT' : 'GET',
        headers: { Authorization: 'Bearer test-token', Accept: 'application/json' },
      });
      const text = await res.text();
      expect(res.status, text).toBe(status);
      expect(text).not.toMatch(/\bat \S+ \(|\/(work|home|root|tmp)\/|node_modules|\.ts:\d/);
    });

  it('5,000 nested parentheses: the recursion limit, as an OData error', async () => {
    const filter = `${'('.repeat(5000)}customer_id eq 1${')'.repeat(5000)}`;
    const res = await fetch(
      `${server.url}/odataservice/odata/table/customer?$top=1&$filter=${encodeURIComponent(filter)}`,
      { headers: { Authorization: 'Bearer test-token', Accept: 'application/json' } },
    );
    expect(await res.json()).toEqual({
      error: {
        code: '',
        message: 'The query specified in the URI is not valid. The recursion limit has been exceeded.',
      },
    });
  });

  it('none of them was a bug of the simulation', () => {
    expect(bugs).toEqual([]);
  });
});
