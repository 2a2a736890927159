// The sandbox's one server (sandbox/server.ts), over real HTTP: a request is refused before its body is read when its
// token is missing or its scope does not reach the family, a body too large is never read, and a malformed request
// gets the status the service would give, never a stack trace or a path of this machine.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
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

/** A GET of the sandbox's answer over `agent`: its status, or the code of the error met instead. */
function get(path: string, agent: Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${server.url}${path}`, { agent, headers: { Authorization: 'Bearer test-token' } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('connections', () => {
  const ROWS = '/odataservice/odata/table/customer?$top=1';

  it('a client that goes away mid-body or mid-request is no bug of the simulation', async () => {
    const before = bugs.length;
    for (const text of [
      // the head, and part of the body it announces
      `POST /uiserver0/api/v2/transaction HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-token\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"x":`,
      // part of the head
      'GET /odataservice/odata/table/customer HTTP/1.1\r\nHost: x\r\nAuthoriz',
    ]) {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.write(text, () => resolve()));
      socket.destroy();
    }
    // a request answered after both went away: the server has taken in their end meanwhile
    const agent = new Agent();
    expect(await get(ROWS, agent)).toBe(200);
    agent.destroy();
    expect(bugs.slice(before)).toEqual([]);
  });

  it("a request sent on an idle keep-alive connection while the server's event loop is held is answered, not reset", async () => {
    // A route runs synchronously: building a table's rows on a busy machine holds the event loop for seconds. A
    // server with an idle timeout (Node's default: 5 s announced, 6 s kept) then closes a connection that went idle
    // meanwhile before it reads the request a client has already sent on it, and the client meets ECONNRESET.
    const request = `GET ${ROWS} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-token\r\n\r\n`;
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    const ended = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      socket.on('close', () => resolve('closed'));
    });
    const answers = () => received.match(/HTTP\/1\.1 \d+/g) ?? [];
    const waiting: Array<() => void> = [];
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      for (const check of waiting) check();
    });
    // the n-th answer has come whole (its JSON body ends the text received)
    const answer = (n: number) =>
      new Promise<void>((resolve) => waiting.push(() => answers().length >= n && /\}$/.test(received) && resolve()));
    socket.write(request);
    await answer(1);
    // the next request is sent on the idle connection, and the loop is held past Node's idle timeout before the
    // server can read it (a check-phase callback: the server reads only in the next turn's poll phase)
    const second = answer(2);
    setImmediate(() => {
      socket.write(request);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6_500);
    });
    expect(await Promise.race([second.then(() => 'answered'), ended])).toBe('answered');
    expect(answers()).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    socket.destroy();
  });
});
