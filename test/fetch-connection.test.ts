// The one thing `erpgen fetch` adds to the runtime's connection: redirects followed by hand, the Authorization header
// kept, on the same origin only (some clients drop the header on the router's 307 and get the 'header was not
// present' 401; another host must never get the token).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFollowingByHand } from '../generator/source/live/connection.js';

let server: Server;
let other: Server;
let url = '';
let otherUrl = '';
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  other = createServer((req, res) => {
    seen.push({ path: `other${req.url}`, headers: req.headers });
    res.end('other');
  });
  otherUrl = await listen(other);
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    if (req.url === '/api/ui/router/v1?urlType=external')
      res.writeHead(307, { Location: `${url}/api/ui/router/v1/?urlType=external` }).end();
    else if (req.url === '/away') res.writeHead(307, { Location: `${otherUrl}/stolen` }).end();
    else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"Url":"here"}');
  });
  url = await listen(server);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => other.close(resolve));
});

describe('fetchFollowingByHand', () => {
  it('follows a 307 on the same origin with every header kept', async () => {
    const res = await fetchFollowingByHand(`${url}/api/ui/router/v1?urlType=external`, {
      method: 'GET',
      headers: { Authorization: 'Bearer t-1', Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"Url":"here"}');
    const followed = seen.find((s) => s.path === '/api/ui/router/v1/?urlType=external');
    expect(followed?.headers['authorization']).toBe('Bearer t-1');
  });

  it('does not follow a redirect to another host: the token stays home', async () => {
    const res = await fetchFollowingByHand(`${url}/away`, { method: 'GET', headers: { Authorization: 'Bearer t-2' } });
    expect(res.status).toBe(307);
    expect(seen.some((s) => s.path.startsWith('other'))).toBe(false);
  });
});
