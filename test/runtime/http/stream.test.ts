// Streamed downloads (what `erpgen fetch` uses for the schema documents): the body goes to a sink chunk by
// chunk; a retried download opens a new sink and starts over; failures are typed like every other call.
import { afterEach, describe, expect, it } from 'vitest';
import { ErpConnectionError, ErpNotFoundError } from '../../../templates/runtime/errors.js';
import { createHttp } from '../../../templates/runtime/http/create-http.js';
import type { BodySink } from '../../../templates/runtime/http/types.js';
import { startServer, type TestServer } from '../../support/fault-server.js';

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const SIZE = 4 * 1024 * 1024;
const document = Buffer.alloc(SIZE, 'x');

function counting() {
  const sinks: Array<{ bytes: number; chunks: number }> = [];
  const open = (): BodySink => {
    const sink = { bytes: 0, chunks: 0 };
    sinks.push(sink);
    return {
      write(chunk) {
        sink.bytes += chunk.length;
        sink.chunks++;
      },
    };
  };
  return { sinks, open };
}

const exchange = (url: string) => ({ method: 'GET' as const, url: `${url}/doc`, shown: '/doc' });
const fast = { random: () => 0, sleep: async () => undefined };

describe('http.stream', () => {
  it('writes a 4 MB body in chunks, never whole', async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end(document));
    servers.push(server);
    const { sinks, open } = counting();
    const written = await createHttp({ auth: 'tok', retry: fast }).stream(exchange(server.url), open);
    expect(written).toBe(SIZE);
    expect(sinks).toHaveLength(1);
    expect(sinks[0]!.bytes).toBe(SIZE);
    expect(sinks[0]!.chunks).toBeGreaterThan(1);
  });

  it('a connection cut half way: retried into a new sink, the first one abandoned', async () => {
    let cut = 1;
    const server = await startServer((_req, res) => {
      if (cut-- > 0) {
        res.writeHead(200, { 'content-length': String(SIZE) });
        res.write(document.subarray(0, SIZE / 2));
        setImmediate(() => res.socket?.destroy());
        return;
      }
      res.writeHead(200).end(document);
    });
    servers.push(server);
    const { sinks, open } = counting();
    const lines: string[] = [];
    const written = await createHttp({ auth: 'tok', retry: fast, log: (l) => lines.push(l) }).stream(
      exchange(server.url),
      open,
    );
    expect(written).toBe(SIZE);
    expect(sinks).toHaveLength(2);
    expect(sinks[1]!.bytes).toBe(SIZE);
    expect(lines).toEqual([expect.stringMatching(/^retrying GET \/doc after a connection reset/)]);
  });

  it('a cut that persists, a 404, and a sink that fails: typed, or the sink error as it was', async () => {
    const server = await startServer((req, res) => {
      if (req.path === '/missing') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-length': String(SIZE) });
      res.write(document.subarray(0, 1000));
      setImmediate(() => res.socket?.destroy());
    });
    servers.push(server);
    const http = createHttp({ auth: 'tok', retry: fast });
    const cut = await http.stream(exchange(server.url), counting().open).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ErpConnectionError);
    expect((cut as ErpConnectionError).attempts).toBe(4);
    const missing = await http
      .stream({ method: 'GET', url: `${server.url}/missing`, shown: '/missing' }, counting().open)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ErpNotFoundError);
    const full = new Error('disk full');
    const failing = await http
      .stream(exchange(server.url), () => ({
        write() {
          throw full;
        },
      }))
      .catch((e: unknown) => e);
    expect(failing).toBe(full);
  });
});
