// The Transaction API on the UI server: `{ui_server}/api/v2/...`, where `{ui_server}` is what the router answers.
// Called on the base host (without the UI server path) these paths do not exist: an empty 404 from the dispatcher.
//
// Checks run in the order the service's layers run them: the path and method, the bearer token (401), then the
// 26.1 quirk of answering an empty 500 to any request without `Accept: application/json` (builds up to
// 26.1.5910.3), then the body (400 for a wrong content type, invalid JSON, a missing or mistyped member), then the
// service name (an unknown one is an empty 500) and the transaction Status (400 from 26.1.5940.0 when not `New`).
// Everything after that is a transaction outcome: HTTP 200 with the result in the envelope.
import { emptyReply, jsonReply, problemReply, type Reply, type ServiceRequest } from './reply.js';
import type { Family } from './server.js';
import { reportPdf } from './report-pdf.js';
import { AsyncTransactions } from './transaction-async.js';
import type { ServiceCatalog, ServiceModel } from './transaction-catalog.js';
import {
  BadRequest,
  parseJson,
  readTransactionSet,
  readTransactionStateRequest,
  type TransactionSetBody,
} from './transaction-payload.js';
import { runTransactionSet } from './transaction-run.js';
import type { TransactionStore } from './transaction-store.js';
import { validateTransaction, type TransactionRules } from './transaction-validate.js';
import { UI_SERVER_PATH } from './ui-router-route.js';

const BASE = `${UI_SERVER_PATH}/api/v2/`;

export interface TransactionContext {
  readonly catalog: ServiceCatalog;
  readonly store: TransactionStore;
  readonly rules: TransactionRules;
  readonly async: AsyncTransactions;
}

type Handler = (ctx: TransactionContext, request: ServiceRequest, rest: string) => Reply;

interface Endpoint {
  readonly path: RegExp;
  readonly methods: Readonly<Record<string, Handler>>;
}

/** paths relative to `{ui_server}/api/v2/` */
const ENDPOINTS: readonly Endpoint[] = [
  { path: /^services$/, methods: { GET: services } },
  { path: /^definition\/[^/]+$/, methods: { GET: definition } },
  { path: /^transaction$/, methods: { POST: transaction } },
  { path: /^transaction\/get$/, methods: { POST: transactionGet } },
  { path: /^transaction\/async$/, methods: { POST: asyncSubmit, GET: asyncStatus } },
  { path: /^process\/pdfreport$/, methods: { POST: pdfReport } },
];

const endpointOf = (path: string) => {
  const rest = path.slice(BASE.length);
  return path.startsWith(BASE) ? ENDPOINTS.find((e) => e.path.test(rest)) : undefined;
};

export function transactionFamily(ctx: TransactionContext): Family {
  return {
    name: 'transaction',
    owns: (path) => endpointOf(path) !== undefined,
    access: 'ui',
    before(head) {
      const endpoint = endpointOf(head.path)!;
      return endpoint.methods[head.method]
        ? undefined
        : emptyReply(405, { Allow: Object.keys(endpoint.methods).join(', ') });
    },
    route(request) {
      if (!/application\/json/i.test(request.headers['accept'] ?? '')) return emptyReply(500);
      const rest = request.path.slice(BASE.length);
      try {
        return endpointOf(request.path)!.methods[request.method]!(ctx, request, rest);
      } catch (error) {
        if (error instanceof BadRequest) return problemReply(400, error.message);
        throw error;
      }
    },
  };
}

// --- discovery -------------------------------------------------------------------------------------------------

function services(ctx: TransactionContext, request: ServiceRequest): Reply {
  const type = new URLSearchParams(request.query).get('type');
  if (type === null) return jsonText(ctx.catalog.servicesText);
  // report services are hidden from discovery even when asked for by type
  if (type.toLowerCase() === 'report') return jsonText('[]');
  return problemReply(400, `The service type '${type}' is not valid.`);
}

function definition(ctx: TransactionContext, _request: ServiceRequest, rest: string): Reply {
  const service = serviceNamed(ctx, decodeSegment(rest.slice('definition/'.length)));
  return service ? jsonText(service.definitionText) : emptyReply(500);
}

// --- transactions ------------------------------------------------------------------------------------------------

function transaction(ctx: TransactionContext, request: ServiceRequest): Reply {
  const prepared = prepareTransactionSet(ctx, request);
  if ('reply' in prepared) return prepared.reply;
  return jsonReply(200, runTransactionSet(prepared.service, prepared.set, ctx.store, ctx.rules));
}

function asyncSubmit(ctx: TransactionContext, request: ServiceRequest): Reply {
  const prepared = prepareTransactionSet(ctx, request);
  if ('reply' in prepared) return prepared.reply;
  const { service, set } = prepared;
  return jsonReply(
    200,
    ctx.async.submit(() => runTransactionSet(service, set, ctx.store, ctx.rules)),
  );
}

function asyncStatus(ctx: TransactionContext, request: ServiceRequest): Reply {
  const id = new URLSearchParams(request.query).get('id');
  if (id === null || id === '') throw new BadRequest('The request id was not provided (?id=<RequestId>).');
  const status = ctx.async.poll(id);
  return status ? jsonReply(200, status) : problemReply(404, `No asynchronous request with id ${id} was found.`);
}

function transactionGet(ctx: TransactionContext, request: ServiceRequest): Reply {
  const body = readTransactionStateRequest(readJsonBody(request));
  const service = serviceNamed(ctx, body.serviceName);
  if (!service) return emptyReply(500);
  // checked for every state first: one bad state refuses the whole request, nothing is half-answered
  const lookups = body.states.map((state) => {
    const element = service.elements.get(state.dataElementName);
    if (!element)
      throw new BadRequest(`Unable to find data element named ${state.dataElementName} in service ${service.name}`);
    for (const key of state.keys)
      if (!element.fields.has(key.name)) throw new BadRequest(`Invalid column name: ${key.name}`);
    return { element, keys: state.keys };
  });
  return jsonReply(200, {
    Name: service.name,
    Transactions: lookups.map(({ element, keys }) => ({
      DataElements: ctx.store.read(service, element, keys).map((found) => ({
        Name: found.element.name,
        Type: found.element.type,
        Keys: [...found.element.keyFields],
        Rows: found.rows.map((row) => ({ Edits: [...row].map(([Name, Value]) => ({ Name, Value })) })),
      })),
      Status: 'Passed',
    })),
  });
}

function pdfReport(ctx: TransactionContext, request: ServiceRequest): Reply {
  const prepared = prepareTransactionSet(ctx, request);
  if ('reply' in prepared) return prepared.reply;
  const { service, set } = prepared;
  if (!service.report)
    return problemReply(400, `${service.name} is not a report service; send it to /api/v2/transaction.`);
  // the criteria are checked like any transaction's edits: a report builder with a wrong field name must fail here
  for (const t of set.transactions) {
    const validation = validateTransaction(service, set, t, ctx.rules);
    if (!validation.ok) return problemReply(400, validation.reason);
  }
  return { status: 200, headers: { 'Content-Type': 'application/pdf' }, body: reportPdf(set) };
}

// --- shared steps ------------------------------------------------------------------------------------------------

/** the checks every TransactionSet body goes through before any transaction runs */
function prepareTransactionSet(
  ctx: TransactionContext,
  request: ServiceRequest,
): { readonly service: ServiceModel; readonly set: TransactionSetBody } | { readonly reply: Reply } {
  const set = readTransactionSet(readJsonBody(request));
  const service = serviceNamed(ctx, set.name);
  if (!service) return { reply: emptyReply(500) };
  const other = set.transactions.find((t) => t.status !== 'New');
  if (other)
    return {
      reply: problemReply(
        400,
        `Transaction Status '${other.status}' is not supported: the only accepted value is New.`,
      ),
    };
  return { service, set };
}

function readJsonBody(request: ServiceRequest): unknown {
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
    throw new BadRequest('The request body must be sent as Content-Type: application/json.');
  return parseJson(request.body ?? '');
}

function serviceNamed(ctx: TransactionContext, name: string): ServiceModel | undefined {
  return ctx.catalog.services.get(name);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function jsonText(text: string): Reply {
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: text };
}
