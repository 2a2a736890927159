// `erpgen fetch` from a team's network: through the proxy the environment names (HTTPS_PROXY / HTTP_PROXY, NO_PROXY
// for the hosts reached directly), and over TLS signed by a company's own certificate authority given in
// NODE_EXTRA_CA_CERTS. The proxy is a small CONNECT and forwarding proxy on 127.0.0.1 that records what went through
// it; the TLS server is a front for the sandbox with a certificate from test/fixtures/tls.
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { runCliAsync, tempDir } from '../support/cli.js';
import { ROOT, SAMPLE_SNAPSHOT } from '../support/paths.js';

const USER = 'api_user';
const PASSWORD = 'pw-network-1';
const TLS = join(ROOT, 'test/fixtures/tls');
const work = tempDir('erpgen-fetch-network-');
let sandbox: Sandbox;
let n = 0;

beforeAll(async () => {
  sandbox = await startSandbox({
    snapshot: SAMPLE_SNAPSHOT,
    rowsPerObject: 1,
    credentials: { users: { [USER]: PASSWORD } },
  });
});
afterAll(() => sandbox.close());

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A proxy that tunnels CONNECT and forwards absolute-form requests, recording the hosts it was asked for. */
async function startProxy(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((req, res) => {
    const target = new URL(req.url ?? '/');
    seen.push(target.host);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
    }
  });
  const address = await listen(server);
  return {
    url: `http://${address}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fetchInto(baseUrl: string, env: Record<string, string>) {
  const dir = join(work, `case${n++}`);
  return runCliAsync(['fetch', '--base-url', baseUrl, '--out', dir, '--user', USER, '--services', 'none-such*'], work, {
    ERP_PASSWORD: PASSWORD,
    HTTPS_PROXY: '',
    HTTP_PROXY: '',
    https_proxy: '',
    http_proxy: '',
    NO_PROXY: '',
    no_proxy: '',
    NODE_EXTRA_CA_CERTS: '',
    ...env,
  });
}

describe('erpgen fetch behind a proxy', () => {
  it('goes through HTTP_PROXY, and not for a host NO_PROXY names', async () => {
    const proxy = await startProxy();
    try {
      const through = await fetchInto(sandbox.url, { HTTP_PROXY: proxy.url });
      expect(through.code, through.stderr).toBe(0);
      expect(new Set(proxy.seen)).toEqual(new Set([new URL(sandbox.url).host]));
      const counted = proxy.seen.length;
      const direct = await fetchInto(sandbox.url, { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
      expect(direct.code, direct.stderr).toBe(0);
      expect(proxy.seen.length).toBe(counted);
      const none = await fetchInto(sandbox.url, {});
      expect(none.code, none.stderr).toBe(0);
      expect(proxy.seen.length).toBe(counted);
    } finally {
      await proxy.close();
    }
  });
});

describe("erpgen fetch and a company's certificate authority", () => {
  let front: Server;
  let url = '';
  beforeAll(async () => {
    // TLS in front of the sandbox, with a certificate the test authority signed
    front = createHttpsServer(
      { key: readFileSync(join(TLS, 'server.key')), cert: readFileSync(join(TLS, 'server.pem')) },
      (req, res) => {
        const upstream = httpRequest(
          `${sandbox.url}${req.url ?? '/'}`,
          { method: req.method, headers: { ...req.headers, host: new URL(sandbox.url).host } },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(upstream);
      },
    ) as unknown as Server;
    url = `https://${await listen(front)}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        front.closeAllConnections();
        front.close(() => resolve());
      }),
  );

  it('trusts the authority NODE_EXTRA_CA_CERTS names', async () => {
    const run = await fetchInto(url, { NODE_EXTRA_CA_CERTS: join(TLS, 'ca.pem') });
    expect(run.code, run.stderr).toBe(0);
  });

  it('through HTTPS_PROXY too: a CONNECT tunnel to the server', async () => {
    const proxy = await startProxy();
    try {
      const run = await fetchInto(url, { NODE_EXTRA_CA_CERTS: join(TLS, 'ca.pem'), HTTPS_PROXY: proxy.url });
      expect(run.code, run.stderr).toBe(0);
      expect(proxy.seen).toContain(new URL(url).host);
    } finally {
      await proxy.close();
    }
  });

  it('without it, one line that says what to set', async () => {
    const run = await fetchInto(url, {});
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/certificate/);
    expect(run.stderr).toMatch(/set NODE_EXTRA_CA_CERTS to its certificate file/);
  });
});

describe('a proxy erpgen cannot use, and a SOCKS5 proxy', () => {
  const SECRET = 'pr0xy-s3cret';

  it('a malformed HTTP_PROXY or HTTPS_PROXY: one line naming the variable, exit 1, its password never shown', async () => {
    for (const [name, value] of [
      ['HTTP_PROXY', `http://user:${SECRET}@exa mple:99x`],
      ['HTTPS_PROXY', `http://user:${SECRET}@127.0.0.1:99999`],
      ['https_proxy', `ftp://user:${SECRET}@proxy.example:21`],
    ] as const) {
      const run = await fetchInto(sandbox.url, { [name]: value });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(
        new RegExp(`^erpgen: ${name.toUpperCase()} is not a proxy erpgen can use: give http://, https:// or socks5://`),
      );
      expect(run.stderr + run.stdout).not.toContain(SECRET);
    }
  });

  it("a socks5:// proxy: no warning of the library's, and its password in no line", async () => {
    // a proxy that is not there: the run fails to connect, and says only that
    const closed = createHttpServer();
    const port = (await listen(closed)).split(':')[1];
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await fetchInto(sandbox.url, { HTTP_PROXY: `socks5://user:${SECRET}@127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('ExperimentalWarning');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^erpgen: could not reach /);
    expect(run.stderr + run.stdout).not.toContain(SECRET);
  });
});
