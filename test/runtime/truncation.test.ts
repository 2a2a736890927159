// Nothing is lost quietly: free text the transaction builder cuts to its column's length reaches the client's
// logger (one line per field, the value shown only as a short redacted preview) and the call's result
// (`warnings`), and `truncate: 'error'` (on the client or on one request) refuses the request before anything is
// sent. Against the sandbox over real HTTP.
import { describe, expect, it } from 'vitest';
import { ErpTruncationError, type TransactionRequest } from '@acme/erp-schema/client';
import { Order } from '@acme/erp-schema/transactions/Order';
import { sampleOrder, sandboxes, signedIn } from '../support/sandbox.js';

const start = sandboxes();

/** 90 characters for job_name (a Char of 60): the tail a team would lose, and a secret-shaped start. */
const JOB = `Rush job for ACME ${'x'.repeat(50)} and the tail after sixty`;

const order = (job: string, po = 'PO-CUT-1') => sampleOrder({ po_no: po, job_name: job });

const request = (job = JOB, po?: string): TransactionRequest =>
  Order.request([order(job, po)], { useCodeValues: false });

const posts = (requests: ReadonlyArray<{ method: string; path: string }>) =>
  requests.filter((r) => r.method === 'POST' && r.path.includes('/api/v2/transaction')).length;

describe('a value cut to its column in a transaction', () => {
  it('is one line of the client log and a typed warning of the result; the value is sent cut', async () => {
    const sandbox = await start();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { log: (line) => void lines.push(line) });
    expect(JOB.length).toBeGreaterThan(60);
    const result = await client.transaction(request());
    expect(result.Summary.Succeeded).toBe(1);
    expect(result.warnings).toEqual([
      {
        service: 'Order',
        element: 'TABPAGE_1.order',
        field: 'job_name',
        length: JOB.length,
        sentLength: 60,
        maxLength: 60,
        preview: expect.stringMatching(/^"Rush job for AC…$/),
      },
    ]);
    const cut = lines.filter((l) => l.includes('job_name'));
    expect(cut).toEqual([
      `Order TABPAGE_1.order.job_name: cut from ${JOB.length} to 60 characters (the column's length): sent cut; it began "Rush job for AC…`,
    ]);
    // never the value itself
    expect(lines.join('\n')).not.toContain('tail after sixty');
    expect(lines.join('\n')).not.toContain('x'.repeat(20));
    const sent = sandbox.requests.find((r) => r.path.endsWith('/api/v2/transaction'))!.body!;
    expect(sent).toContain(JSON.stringify(JOB.slice(0, 60)));
    expect(sent).not.toContain('tail after sixty');
  });

  it('a secret in the cut value is redacted in the preview', async () => {
    const sandbox = await start();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { log: (line) => void lines.push(line) });
    const token = `eyJhbGciOiJIUzI1NiJ9.${'e30'.repeat(30)}.sig`;
    await client.transaction(request(token, 'PO-CUT-2'));
    expect(lines.join('\n')).toMatch(/job_name: cut from \d+ to 60 characters .*it began "\[redacted\]"/);
    expect(lines.join('\n')).not.toContain('eyJhbGci');
  });

  it('nothing cut: no line, and empty warnings', async () => {
    const sandbox = await start();
    const lines: string[] = [];
    const { client } = signedIn(sandbox, { log: (line) => void lines.push(line) });
    const result = await client.transaction(request('short', 'PO-CUT-3'));
    expect(result.warnings).toEqual([]);
    expect(lines.filter((l) => l.includes('cut from'))).toEqual([]);
  });

  it("truncate: 'error' on the client refuses before sending, naming the field and both lengths", async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox, { truncate: 'error' });
    const error = await client.transaction(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpTruncationError);
    expect(error).toMatchObject({ field: 'job_name', element: 'TABPAGE_1.order', length: JOB.length, maxLength: 60 });
    expect((error as Error).message).toBe(
      `Order TABPAGE_1.order.job_name: ${JOB.length} characters, but its column holds 60; refused before sending (truncate: 'error')`,
    );
    expect(posts(sandbox.requests)).toBe(0);
    // the async form and the commands endpoint refuse alike
    await expect(client.transactionAsync(request())).rejects.toBeInstanceOf(ErpTruncationError);
    await expect(client.commands(Order, request())).rejects.toBeInstanceOf(ErpTruncationError);
    expect(sandbox.requests.filter((r) => r.method === 'POST' && r.path.includes('/api/v2/')).length).toBe(0);
  });

  it("truncate: 'error' on one request overrides the client's default, and the other way round", async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox);
    await expect(client.transaction(request(), { truncate: 'error' })).rejects.toThrow(
      /job_name: \d+ characters, but its column holds 60; refused before sending/,
    );
    expect(posts(sandbox.requests)).toBe(0);
    const strict = signedIn(sandbox, { truncate: 'error' }).client;
    const result = await strict.transaction(request(JOB, 'PO-CUT-4'), { truncate: 'cut' });
    expect(result.warnings.map((w) => w.field)).toEqual(['job_name']);
    expect(posts(sandbox.requests)).toBe(1);
  });

  it('a truncate that is neither cut nor error is refused, on the client and on a request', async () => {
    const sandbox = await start();
    expect(() => signedIn(sandbox, { truncate: 'Error' as never })).toThrow(
      /^createClient: truncate is 'cut' or 'error', not "Error"$/,
    );
    const { client } = signedIn(sandbox);
    await expect(client.transaction(request('short', 'PO-CUT-6'), { truncate: 'refuse' as never })).rejects.toThrow(
      /^Order: truncate is 'cut' or 'error', not "refuse"$/,
    );
    expect(posts(sandbox.requests)).toBe(0);
  });

  it('the async form returns the same warnings', async () => {
    const sandbox = await start();
    const { client } = signedIn(sandbox);
    const result = await client.transactionAsync(request(JOB, 'PO-CUT-5'), { intervalMs: 1 });
    expect(result.warnings).toMatchObject([{ field: 'job_name', length: JOB.length, sentLength: 60 }]);
  });
});
