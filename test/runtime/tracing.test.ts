// End to end against the sandbox over HTTP: OpenTelemetry spans with the SDK's in-memory exporter (the package
// itself depends on nothing of OpenTelemetry; the tracer is the API's, as a team would pass it). A paging run and a
// transaction's polling are each a parent span with a child per request; every span carries the family and the
// object or service; a failure is recorded; no secret reaches a span name, attribute or event.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { ErpError, query } from '@acme/erp-schema';
import { createClient, tokenAuth, type TokenAuth } from '@acme/erp-schema/client';
import { customer } from '@acme/erp-schema/tables/customer';
import { Order } from '@acme/erp-schema/transactions/Order';
import { newOrder, PASSWORD, sandboxes, USER } from '../support/sandbox.js';

const sandbox = sandboxes();
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer('erp-test');
const providers: TokenAuth[] = [];
const seen: ReadableSpan[] = [];
beforeEach(() => {
  seen.push(...exporter.getFinishedSpans());
  exporter.reset();
});

async function traced(options: { asyncPolls?: number } = {}) {
  const server = await sandbox(
    options.asyncPolls !== undefined ? { transactions: { asyncPolls: options.asyncPolls } } : {},
  );
  const auth = tokenAuth({ username: USER, password: PASSWORD });
  providers.push(auth);
  const client = createClient({ baseUrl: server.url, auth, tracer });
  await auth.token().catch(() => undefined);
  return { server, client };
}

const spans = () => exporter.getFinishedSpans();
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe('spans', () => {
  it('a paging run: one INTERNAL span, a CLIENT span per page its child, with the object, status and counts', async () => {
    const { server, client } = await traced();
    server.seed(
      customer,
      [1, 2, 3, 4, 5].map((id) => ({ customer_id: id })),
    );
    const rows: unknown[] = [];
    for await (const row of client.rows(query(customer).select('customer_id').top(2))) rows.push(row);
    expect(rows).toHaveLength(5);
    const all = spans().filter((s) => s.attributes['erp.family'] !== 'auth');
    const run = all.find((s) => s.name === 'rows table/customer')!;
    expect(run).toBeDefined();
    expect(run.kind).toBe(0); // INTERNAL
    expect(run.attributes).toMatchObject({
      'erp.family': 'query',
      'erp.object': 'table/customer',
      'erp.pages': 3,
      'erp.rows': 5,
    });
    const pages = all.filter((s) => s.name === 'GET table/customer');
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.kind).toBe(2); // CLIENT
      expect(parentOf(page)).toBe(idOf(run));
      expect(page.spanContext().traceId).toBe(run.spanContext().traceId);
      expect(page.attributes).toMatchObject({
        'http.request.method': 'GET',
        'url.path': '/odataservice/odata/table/customer',
        'http.response.status_code': 200,
        'erp.family': 'query',
        'erp.object': 'table/customer',
      });
      expect(page.attributes['url.query']).toMatch(/\$top=2/);
      expect(page.status.code).toBe(0);
    }
    // the run ends after its last page (spans are exported as they end)
    expect(all.indexOf(run)).toBeGreaterThan(all.indexOf(pages[2]!));
  });

  it('a paging run left early (break) still ends its span', async () => {
    const { client } = await traced();
    for await (const row of client.rows(query(customer).top(1))) {
      expect(row).toBeDefined();
      break;
    }
    const run = spans().find((s) => s.name === 'rows table/customer')!;
    expect(run.attributes).toMatchObject({ 'erp.pages': 1, 'erp.rows': 1 });
  });

  it("a transaction's polling: the submit and each poll are children of one span named for the service", async () => {
    const { client } = await traced({ asyncPolls: 2 });
    const order = newOrder('PO-TRACE-1');
    await client.transactionAsync(Order.request([order], { useCodeValues: false }), { intervalMs: 1 });
    const run = spans().find((s) => s.name === 'transactionAsync Order')!;
    expect(run.attributes).toMatchObject({ 'erp.family': 'transactions', 'erp.object': 'Order' });
    const polls = run.attributes['erp.polls'] as number;
    expect(polls).toBeGreaterThanOrEqual(2);
    const children = spans().filter((s) => parentOf(s) === idOf(run));
    expect(children.map((s) => `${s.name} ${s.attributes['url.path']}`)).toEqual([
      'POST Order /api/v2/transaction/async',
      ...Array.from({ length: polls }, () => 'GET Order /api/v2/transaction/async'),
    ]);
    // the poll's request id is a query string: shown, as the runtime shows it
    expect(children[1]!.attributes['url.query']).toMatch(/^id=/);
    // the router lookup is not part of the run: it is the client's, made once
    expect(spans().find((s) => s.name === 'GET router')).toBeDefined();
  });

  it('a failed request: the error recorded on its span (status ERROR, error.type, an exception event), the run failed too', async () => {
    const { server, client } = await traced();
    server.setFaults({ burst500: { count: 10 } });
    const run = async () => {
      for await (const row of client.rows(query(customer).top(2))) expect(row).toBeDefined();
    };
    await expect(run()).rejects.toThrow(ErpError);
    const attempts = spans().filter((s) => s.name === 'GET table/customer');
    // an opaque 500 is retried once: two attempts, the second marked as a resend
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.attributes['http.request.resend_count']).toBe(1);
    for (const attempt of attempts) {
      expect(attempt.status.code).toBe(2);
      expect(attempt.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': 'ErpServerError' });
      expect(attempt.events.map((e) => e.name)).toEqual(['exception']);
    }
    const parent = spans().find((s) => s.name === 'rows table/customer')!;
    expect(parent.status.code).toBe(2);
    expect(parent.status.message).toMatch(/HTTP 500/);
    expect(attempts.every((a) => parentOf(a) === idOf(parent))).toBe(true);
  });

  it('a token call is a span of the auth family; a client without a tracer makes none', async () => {
    const { client } = await traced();
    const token = spans().find((s) => s.name === 'POST token')!;
    expect(token.attributes).toMatchObject({ 'erp.family': 'auth', 'url.path': '/api/security/token/v2' });
    const server = await sandbox();
    const plain = createClient({ baseUrl: server.url, auth: tokenAuth({ username: USER, password: PASSWORD }) });
    exporter.reset();
    await plain.page(query(customer).top(1));
    expect(spans()).toHaveLength(0);
    await client.page(query(customer).top(1));
    expect(spans().map((s) => s.name)).toEqual(['GET table/customer']);
  });

  afterAll(() => {
    seen.push(...exporter.getFinishedSpans());
    expect(seen.length).toBeGreaterThan(15);
    const text = JSON.stringify(
      seen.map((s) => ({ name: s.name, attributes: s.attributes, status: s.status, events: s.events })),
    );
    for (const secret of new Set([PASSWORD, ...providers.flatMap((p) => p.secrets())]))
      expect(text.includes(secret), 'a secret in a span').toBe(false);
    expect(text).not.toMatch(/Bearer |eyJ[\w-]{4,}\./);
  });
});
