// The retry policy against `erpgen sandbox`'s fault switches, with tokens the sandbox issued: what the documents say
// may be retried is retried (502, 503 and 504 and dropped connections on reads, an opaque 500 once: I9's rule for the
// whole client), visibly, with the attempts counted; writes are never resent blindly; a server that does not answer
// is a timeout. The broken answers no service gives (bodies cut short, pages that repeat) are in faults.test.ts.
import { describe, expect, it } from 'vitest';
import { ErpConnectionError, ErpError, ErpServerError, ErpTimeoutError, query } from '@acme/erp-schema';
import type { ErpClient } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';
import type { Sandbox, SandboxFaults } from '../../sandbox/sandbox.js';
import { sandboxes, signedIn } from '../support/sandbox.js';
import { failure } from '../support/fault-server.js';

const sandbox = sandboxes();

interface Harness {
  server: Sandbox;
  client: ErpClient;
  lines: string[];
  delays: number[];
}

/** A sandbox with `faults` switched on after sign-in, and a client whose retries wait no time and say their delays. */
async function harness(faults: SandboxFaults, timeoutMs?: number): Promise<Harness> {
  const server = await sandbox();
  // the faults count every request: no drift check (which would meet one of them) beside the one counted
  const { client, auth, log, waits } = signedIn(server, {
    drift: 'off',
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  await auth.token();
  server.setFaults(faults);
  return { server, client, lines: log, delays: waits };
}

const reads = (server: Sandbox) => server.requests.filter((r) => r.path.startsWith('/odataservice/'));
const posts = (server: Sandbox, path: string) =>
  server.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path));
const order = () =>
  Order.request([Order.transaction().form('TABPAGE_1.order', { customer_id: 100198 })], { useCodeValues: false });

describe('reads are retried where the documents say it is safe', () => {
  for (const status of [502, 503, 504] as const)
    it(`a ${status} (proxy, overload, backend timeout) on a read: retried with jittered backoff, logged`, async () => {
      const { client, lines, delays, server } = await harness({ overload: { count: 2, status } });
      expect((await client.page(query(customer).top(3))).rows).toHaveLength(3);
      expect(lines.map((l) => /after (HTTP \d+) \(attempt (\d) of 4/.exec(l)?.slice(1).join(' '))).toEqual([
        `HTTP ${status} 2`,
        `HTTP ${status} 3`,
      ]);
      // random 0.5 of the exponential step: 250, 500 ms
      expect(delays).toEqual([125, 250]);
      expect(reads(server)).toHaveLength(3);
    });

  it('a 503 that persists: the final error says how many attempts were made', async () => {
    const { client, server } = await harness({ overload: { count: 1_000_000 } });
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpServerError);
    expect((e as ErpError).attempts).toBe(4);
    expect(e.message).toMatch(/\(HTTP 503; GET \/odataservice\/odata\/table\/customer\?.*\) \[4 attempts\]$/);
    expect(reads(server)).toHaveLength(4);
  });

  it('an opaque 500 (an empty body) on a read is retried once', async () => {
    const { client, server } = await harness({ burst500: { count: 1_000_000 } });
    const e = await failure(() => client.page(query(customer).top(5)));
    expect((e as ErpError).attempts).toBe(2);
    expect(reads(server)).toHaveLength(2);
  });

  it('a dropped connection on a read is retried', async () => {
    const { client, lines } = await harness({ drop: { count: 1 } });
    expect((await client.page(query(customer).top(2))).rows).toHaveLength(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^retrying GET \/odataservice\/odata\/table\/customer\?.* after a connection reset/);
  });

  it('a server slower than the timeout: ErpTimeoutError, not retried', async () => {
    const { client, server } = await harness({ slowMs: 1_000 }, 300);
    const e = await failure(() => client.page(query(customer).top(5)));
    expect(e).toBeInstanceOf(ErpTimeoutError);
    expect(e.message).toMatch(/no answer from http:\/\/127\.0\.0\.1:\d+ within 300 ms/);
    expect(reads(server)).toHaveLength(1);
  });
});

describe('writes are never resent blindly', () => {
  it('a 503 on a transaction is not retried: the write may have been applied', async () => {
    const { client, server, lines } = await harness({ overload: { count: 1_000_000, after: 1 } });
    await client.uiServer(); // the router's answer is the one request before the plan starts
    const e = await failure(() => client.transaction(order()));
    expect(e).toBeInstanceOf(ErpServerError);
    expect((e as ErpError).attempts).toBe(1);
    expect(posts(server, '/api/v2/transaction')).toHaveLength(1);
    expect(lines).toEqual([]);
  });

  it('a connection dropped after a transaction was sent: not retried, and the message says to read back', async () => {
    const { client, server } = await harness({ drop: { count: 1_000_000, after: 1 } });
    await client.uiServer();
    const e = await failure(() => client.transaction(order()));
    expect(e).toBeInstanceOf(ErpConnectionError);
    expect(e.message).toMatch(/the write may have been applied: read it back before sending it again/);
    expect(posts(server, '/api/v2/transaction')).toHaveLength(1);
  });

  it('transaction/get is a read: retried on a 503', async () => {
    const { client, server } = await harness({ overload: { count: 1, after: 1 } });
    await client.uiServer();
    const set = await client.transactionGet(Order.get('TABPAGE_1.order', { order_no: '1000001' }));
    expect(set.Transactions).toBeDefined();
    expect(posts(server, '/api/v2/transaction/get')).toHaveLength(2);
  });
});
