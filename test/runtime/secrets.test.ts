// The secrets canary, runtime side: a password, consumer keys and tokens are planted, servers on 127.0.0.1
// echo everything they were sent (headers and bodies) in every answer, and every error path of the client and
// of tokenAuth runs. No canary may appear in an error's message, stack, request or server message, nor in any
// logger line.
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ErpError, ErpHttpError, query } from '@acme/erp-schema';
import { createClient, tokenAuth, type ErpClient, type TransactionRequest } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { json, jwt, startServer, type Logged, type TestServer } from '../support/fault-server.js';

const PASSWORD = 'canary-password-Q7xZ9w';
const KEY_GUID = 'c4a7e1d2-9b3f-4e6a-8d15-0f2b7c9e3a41';
const KEY_PLAIN = 'canary-consumer-key-88x12';
const OPAQUE_TOKEN = 'canary-opaque-token-5531';
const JWT_TOKEN = jwt({ sub: 'canary-jwt-subject-7731', aud: '/odata:customer', exp: 2147483647 });
const CANARIES = [PASSWORD, KEY_GUID, KEY_PLAIN, OPAQUE_TOKEN, JWT_TOKEN, 'canary-jwt-subject-7731'];

const seen: string[] = [];
const log = (line: string) => void seen.push(line);

/** everything the request carried, as servers that echo it put it in their answers */
const echo = (req: Logged) =>
  `request ${req.method} ${req.path} with ${JSON.stringify(req.headers)} and body ${req.body}; Authorization: ${req.headers.authorization ?? ''}`;

let server: TestServer;
const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** One answer per path, each echoing the request. */
async function echoingServer(): Promise<TestServer> {
  const s = await startServer((req, res) => {
    const said = echo(req);
    switch (req.path) {
      case '/api/security/token/v2': {
        const body = JSON.parse(req.body) as Record<string, string>;
        if (body['password'] === 'wrong') return json(res, 401, { error: 'invalid_grant', error_description: said });
        if (body['ClientSecret'] === KEY_GUID)
          return json(res, 500, {
            ErrorMessage: 'Unable to generate client token.',
            ErrorType: 'Svc.Business.Common.TokenException',
            InnerException: `No resource found for consumer key ${KEY_GUID}. ${said}`,
          });
        if (body['ClientSecret'] === KEY_PLAIN)
          return json(res, 403, { error: 'insufficient_scope', error_description: said });
        if (body['username'] === 'xml-garbage') return void res.writeHead(200).end(`<NoToken>${said}</NoToken>`);
        return json(res, 200, { AccessToken: OPAQUE_TOKEN, ExpiresInSeconds: 86400 });
      }
      case '/api/ui/router/v1/':
        return json(res, 200, { Where: said });
      case '/odataservice/odata/table/t401':
        return json(res, 401, { error: { code: '401', message: said } });
      case '/odataservice/odata/table/t403':
        return json(res, 403, { error: 'insufficient_scope', error_description: said });
      case '/odataservice/odata/table/t400':
        return json(res, 400, { Message: said });
      case '/odataservice/odata/table/t404':
        return json(res, 404, { error: { code: '404', message: said } });
      case '/odataservice/odata/table/t500':
        return json(res, 500, { ErrorMessage: said, StackTrace: said });
      case '/odataservice/odata/table/t503':
        return json(res, 503, { Message: said });
      case '/odataservice/odata/table/t200error':
        return json(res, 200, { error: { code: '500', message: said } });
      case '/odataservice/odata/table/ttext':
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end(said);
      case '/odataservice/odata/table/ttext500':
        return void res.writeHead(500, { 'content-type': 'text/plain' }).end(said);
      case '/odataservice/odata/table/tnovalue':
        return json(res, 200, { rows: said });
      case '/odataservice/odata/table/tcut':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
        res.write(said);
        return void setImmediate(() => res.socket?.destroy());
      default:
        return json(res, 404, { Message: said });
    }
  });
  servers.push(s);
  return s;
}

const table = (name: string) => query({ ...customer, name } as unknown as typeof customer).top(5);

function checkClean(what: string, text: string): void {
  for (const canary of CANARIES) expect(text, `${what} leaks ${canary.slice(0, 12)}…`).not.toContain(canary);
}

async function failsClean(what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    expect(error, what).toBeInstanceOf(ErpError);
    const e = error as ErpHttpError;
    checkClean(what, `${String(e)}\n${e.stack}\n${e.request ?? ''}\n${e.serverMessage ?? ''}`);
    if (e.name !== 'ErpTransactionFailedError') checkClean(what, inspect(e, { depth: 5 }));
    return;
  }
  throw new Error(`${what}: expected a failure`);
}

describe('no canary secret in any error message or log line', () => {
  let client: ErpClient;
  const fast = { random: () => 0, sleep: async () => undefined };

  it('sign-in error paths', async () => {
    server = await echoingServer();
    const base = { baseUrl: server.url, log, retry: fast };
    await failsClean('invalid_grant', () => tokenAuth({ ...base, username: 'demo', password: 'wrong' }).token());
    await failsClean('unknown key (GUID)', () => tokenAuth({ ...base, consumerKey: KEY_GUID }).token());
    await failsClean('key without scope', () => tokenAuth({ ...base, consumerKey: KEY_PLAIN }).token());
    await failsClean('no AccessToken', () =>
      tokenAuth({ ...base, username: 'xml-garbage', password: PASSWORD }).token(),
    );
  });

  it('data error paths with a token from tokenAuth', async () => {
    client = createClient({
      baseUrl: server.url,
      auth: tokenAuth({ baseUrl: server.url, username: 'demo', password: PASSWORD, log }),
      log,
      retry: fast,
    });
    for (const name of [
      't401',
      't403',
      't400',
      't404',
      't500',
      't503',
      't200error',
      'ttext',
      'ttext500',
      'tnovalue',
      'tcut',
    ])
      await failsClean(name, () => client.page(table(name)));
    await failsClean('paging run', async () => {
      for await (const row of client.rows(table('t500'))) void row;
    });
    await failsClean('router without Url', () => client.uiServer());
    const tx: TransactionRequest = { Name: 'Order', UseCodeValues: false, Transactions: [] };
    await failsClean('transaction behind a broken router', () => client.transaction(tx));
  });

  it('a fixed JWT echoed back', async () => {
    const fixed = createClient({ baseUrl: server.url, auth: JWT_TOKEN, log, retry: fast });
    for (const name of ['t401', 't500', 't400', 'ttext'])
      await failsClean(`fixed ${name}`, () => fixed.page(table(name)));
  });

  it('a transaction whose failure messages echo the token', async () => {
    const tx = await startServer((req, res) =>
      req.path === '/api/ui/router/v1/'
        ? json(res, 200, { Url: `http://${req.headers.host}/ui` })
        : json(res, 200, { Messages: [echo(req)], Results: null, Summary: { Succeeded: 0, Failed: 1, Other: 0 } }),
    );
    servers.push(tx);
    const c = createClient({ baseUrl: tx.url, auth: OPAQUE_TOKEN, log, retry: fast });
    await failsClean('transaction failed', () =>
      c.transaction({ Name: 'Order', UseCodeValues: false, Transactions: [{ Status: 'New', DataElements: [] }] }),
    );
  });

  it('a base URL with user:password@ never shows the password', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const withCredentials = closed.url.replace('://', `://demo:${PASSWORD}@`);
    await failsClean('could not reach', () =>
      createClient({ baseUrl: withCredentials, auth: OPAQUE_TOKEN, log, retry: fast }).page(query(customer).top(1)),
    );
    await failsClean('token call at a base URL with credentials', () =>
      tokenAuth({ baseUrl: withCredentials, username: 'demo', password: 'x', log, retry: fast }).token(),
    );
  });

  it('the logger saw retries and sign-ins, and no secret', () => {
    expect(seen.some((l) => l.startsWith('retrying '))).toBe(true);
    expect(seen.some((l) => l.startsWith('signed in at '))).toBe(true);
    for (const line of seen) checkClean(`log line ${line.slice(0, 40)}`, line);
  });
});
