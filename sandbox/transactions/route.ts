// The Transaction API on the UI server: `{ui_server}/api/v2/...`, where `{ui_server}` is what the router answers.
// Called on the base host (without the UI server path) these paths do not exist: an empty 404 from the dispatcher.
//
// Checks run in the order the service's layers run them: the path and method, the bearer token (401, in server.ts),
// then `Accept` (without `application/json`: an empty 500 up to 26.1.5910.3, the answer in XML from 26.1.5940.0, as
// the documents give it for the Interactive API), then the body (400 for a wrong content type, invalid JSON, a
// missing or mistyped member), then the service name (an unknown one is an empty 500, and so is a service that needs
// /api/v2/commands) and the transaction Status (not `New`: 400 from 26.1.5940.0, a NullReferenceException 500
// before). Everything after that is a transaction outcome: HTTP 200 with the result in the envelope. A refused
// request's 400 body is the envelope the documents show for this family, `{Messages, Results: null, Summary}`.
// the services public documentation names as needing POST /api/v2/commands (the runtime owns the list): on
// /transaction they fail with the empty 500 the documents give for services that cannot run there
import { COMMANDS_SERVICES } from '../../templates/runtime/transactions/commands.js';
import { answersXmlWithoutAccept, refusesStatusWith400 } from '../builds.js';
import { emptyReply, jsonReply, problemReply, type Reply, type ServiceRequest } from '../reply.js';
import type { Routes } from '../server.js';
import { reportPdf } from './report-pdf.js';
import type { AsyncTransactions } from './async.js';
import type { ServiceCatalog, ServiceModel } from './catalog.js';
import {
  BadRequestError,
  parseJson,
  readTransactionSet,
  readTransactionStateRequest,
  type TransactionSetBody,
} from './payload.js';
import type { ServiceListForm, TransactionOptions } from './rules.js';
import { ResponseWindowError, runTransactionSet, type TransactionResponse, type TransactionTarget } from './run.js';
import { validateTransaction } from './validate.js';
import { UI_SERVER_PATH } from '../ui-router-route.js';
import { xmlAnswer } from '../xml-answer.js';

const BASE = `${UI_SERVER_PATH}/api/v2/`;
const NAMESPACE = 'http://schemas.datacontract.org/2004/07/Svc.Transactions.Model.V2';

export interface TransactionContext {
  readonly catalog: ServiceCatalog;
  readonly target: TransactionTarget;
  readonly async: AsyncTransactions;
  /** the build played (Accept and Status answers change with it) */
  readonly build: string;
  readonly options: Pick<TransactionOptions, 'serviceList' | 'errorBody' | 'responseWindow'>;
}

/** What a handler answers: a reply, or a value the family writes as JSON (or XML, when JSON was not asked for). */
type Answer =
  Reply | { readonly status: number; readonly value: unknown; readonly root: string; readonly item?: string };
type Handler = (request: ServiceRequest, rest: string) => Answer;

const ok = (value: unknown, root: string, item?: string): Answer => ({
  status: 200,
  value,
  root,
  ...(item ? { item } : {}),
});

function jsonText(text: string): Reply {
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: text };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readJsonBody(request: ServiceRequest): unknown {
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? ''))
    throw new BadRequestError('The request body must be sent as Content-Type: application/json.');
  return parseJson(request.body ?? '');
}

/** The names of GET /api/v2/services in the form a switch asks for. */
function listIn(form: ServiceListForm, names: readonly string[]): unknown {
  const objects = names.map((Name) => ({ Name }));
  switch (form) {
    case 'names':
      return names;
    case 'objects':
      return objects;
    case 'value':
      return { value: objects };
    case 'services':
      return { Services: objects };
  }
}

/** ASP.NET's answer to the NullReferenceException a Status other than New met before 26.1.5940.0 (no stack). */
const NULL_REFERENCE = jsonReply(500, {
  Message: 'An error has occurred.',
  ExceptionMessage: 'Object reference not set to an instance of an object.',
  ExceptionType: 'System.NullReferenceException',
});

/** The Transaction API's endpoints, each a method, over the records and the window setup they share. */
class TransactionEndpoints {
  readonly #ctx: TransactionContext;
  /** transactions still to meet the response window (the `responseWindow` fault) */
  #windowsLeft: number;

  constructor(ctx: TransactionContext) {
    this.#ctx = ctx;
    this.#windowsLeft = ctx.options.responseWindow?.count ?? 0;
  }

  /** GET services: the snapshot's list as it is, or in the form a switch asks for; `?type=report` is empty */
  services(request: ServiceRequest): Answer {
    const ctx = this.#ctx;
    const type = new URLSearchParams(request.query).get('type');
    if (type === null)
      return ctx.options.serviceList
        ? ok(listIn(ctx.options.serviceList, ctx.catalog.listed), 'ArrayOfServiceInfo', 'ServiceInfo')
        : jsonText(ctx.catalog.servicesText);
    // report services are hidden from discovery even when asked for by type
    if (type.toLowerCase() === 'report') return ok([], 'ArrayOfServiceInfo', 'ServiceInfo');
    return this.refused(400, `The service type '${type}' is not valid.`);
  }

  /** GET definition/{name}: the snapshot's definition as it is; an unknown service an empty 500 */
  definition(rest: string): Answer {
    const service = this.#service(decodeSegment(rest.slice('definition/'.length)));
    return service ? jsonText(service.definitionText) : emptyReply(500);
  }

  /** POST transaction */
  transaction(request: ServiceRequest): Answer {
    const prepared = this.#prepare(request);
    if ('reply' in prepared) return prepared.reply;
    const answer = this.#run(prepared.service, prepared.set);
    return 'status' in answer ? answer : ok(answer, 'TransactionSetResult');
  }

  /** POST transaction/get: the records of a Form element's keys, every state checked before any is answered */
  get(request: ServiceRequest): Answer {
    const body = readTransactionStateRequest(readJsonBody(request));
    const service = this.#service(body.serviceName);
    if (!service) return emptyReply(500);
    // checked for every state first: one bad state refuses the whole request, nothing is half-answered
    const lookups = body.states.map((state) => {
      const element = service.elements.get(state.dataElementName);
      if (!element)
        throw new BadRequestError(
          `Unable to find data element named ${state.dataElementName} in service ${service.name}`,
        );
      // public captures: keying on a List element fails (how is not shown: a 400 here, like the others)
      if (element.type === 'List')
        throw new BadRequestError(
          `Data element ${element.name} is a List: transaction/get retrieves a record by the keys of a Form element`,
        );
      for (const key of state.keys)
        if (!element.fields.has(key.name)) throw new BadRequestError(`Invalid column name: ${key.name}`);
      return { element, keys: state.keys };
    });
    return ok(
      {
        Name: service.name,
        Transactions: lookups.map(({ element, keys }) => ({
          DataElements: this.#ctx.target.records.read(service, element, keys).map((found) => ({
            Name: found.element.name,
            Type: found.element.type,
            Keys: [...found.element.keyFields],
            Rows: found.rows.map((row) => ({ Edits: [...row].map(([Name, Value]) => ({ Name, Value })) })),
          })),
          Status: 'Passed',
        })),
      },
      'TransactionSet',
    );
  }

  /** POST transaction/async: queued; the run happens when its polls say so */
  submit(request: ServiceRequest): Answer {
    const prepared = this.#prepare(request);
    if ('reply' in prepared) return prepared.reply;
    const { service, set } = prepared;
    const submitted = this.#ctx.async.submit(() => {
      const answer = this.#run(service, set);
      // the window as a 500 inside an async run: the request completes with its text
      return 'status' in answer
        ? { Messages: [String(answer.body)], Results: null, Summary: { Succeeded: 0, Failed: 1, Other: 0 } }
        : answer;
    });
    return { status: submitted.status, value: submitted.body, root: 'AsyncRequest' };
  }

  /** GET transaction/async?id= */
  poll(request: ServiceRequest): Answer {
    const id = new URLSearchParams(request.query).get('id');
    if (id === null || id === '') throw new BadRequestError('The request id was not provided (?id=<RequestId>).');
    const status = this.#ctx.async.poll(id);
    return status ? ok(status, 'AsyncRequest') : this.refused(404, `No asynchronous request with id ${id} was found.`);
  }

  /** POST process/pdfreport: a report service's criteria checked like any transaction's edits, then a PDF */
  report(request: ServiceRequest): Answer {
    const prepared = this.#prepare(request);
    if ('reply' in prepared) return prepared.reply;
    const { service, set } = prepared;
    if (!service.report)
      return this.refused(400, `${service.name} is not a report service; send it to /api/v2/transaction.`);
    // a report builder with a wrong field name fails here
    for (const t of set.transactions) {
      const validation = validateTransaction(service, set, t, this.#ctx.target.rules);
      if (!validation.ok) return this.refused(400, validation.reason);
    }
    return { status: 200, headers: { 'Content-Type': 'application/pdf' }, body: reportPdf(set) };
  }

  /** a refused request: the documents' envelope, or (switch) RFC 7807 problem details */
  refused(status: number, message: string): Answer {
    return this.#ctx.options.errorBody === 'problem'
      ? problemReply(status, message)
      : {
          status,
          value: { Messages: [message], Results: null, Summary: { Succeeded: 0, Failed: 0, Other: 0 } },
          root: 'TransactionSetResult',
        };
  }

  #service(name: string): ServiceModel | undefined {
    return this.#ctx.catalog.services.get(name);
  }

  /** the checks every TransactionSet body goes through before any transaction runs */
  #prepare(request: ServiceRequest): { service: ServiceModel; set: TransactionSetBody } | { reply: Answer } {
    const set = readTransactionSet(readJsonBody(request));
    const service = this.#service(set.name);
    if (!service || COMMANDS_SERVICES.has(service.name)) return { reply: emptyReply(500) };
    const other = set.transactions.find((t) => t.status !== 'New');
    if (other)
      return {
        reply: refusesStatusWith400(this.#ctx.build)
          ? this.refused(400, `Transaction Status '${other.status}' is not supported: the only accepted value is New.`)
          : NULL_REFERENCE,
      };
    return { service, set };
  }

  /** each of the next `count` transactions meets the response window and applies nothing (the fault switch) */
  #run(service: ServiceModel, set: TransactionSetBody): TransactionResponse | Reply {
    const window = () => {
      if (this.#windowsLeft <= 0) return undefined;
      this.#windowsLeft--;
      return this.#ctx.options.responseWindow?.as === '500' ? ('500' as const) : ('envelope' as const);
    };
    try {
      return runTransactionSet(service, set, this.#ctx.target, window);
    } catch (error) {
      if (!(error instanceof ResponseWindowError)) throw error;
      return jsonReply(500, { ErrorMessage: error.message, ErrorType: null });
    }
  }
}

export function transactionRoutes(ctx: TransactionContext): Routes {
  const at = new TransactionEndpoints(ctx);
  const endpoints: ReadonlyArray<{ path: RegExp; methods: Readonly<Record<string, Handler>> }> = [
    { path: /^services$/, methods: { GET: (request) => at.services(request) } },
    { path: /^definition\/[^/]+$/, methods: { GET: (_request, rest) => at.definition(rest) } },
    { path: /^transaction$/, methods: { POST: (request) => at.transaction(request) } },
    { path: /^transaction\/get$/, methods: { POST: (request) => at.get(request) } },
    {
      path: /^transaction\/async$/,
      methods: { POST: (request) => at.submit(request), GET: (request) => at.poll(request) },
    },
    { path: /^process\/pdfreport$/, methods: { POST: (request) => at.report(request) } },
  ];

  const endpointOf = (path: string) => {
    const rest = path.slice(BASE.length);
    return path.startsWith(BASE) ? endpoints.find((e) => e.path.test(rest)) : undefined;
  };

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
      const json = /application\/json/i.test(request.headers['accept'] ?? '');
      if (!json && !answersXmlWithoutAccept(ctx.build)) return emptyReply(500);
      let answer: Answer;
      try {
        answer = endpointOf(request.path)!.methods[request.method]!(request, request.path.slice(BASE.length));
      } catch (error) {
        if (!(error instanceof BadRequestError)) throw error;
        answer = at.refused(400, error.message);
      }
      if (!('value' in answer)) return answer;
      if (json) return jsonReply(answer.status, answer.value);
      const xml = xmlAnswer(answer.root, NAMESPACE, answer.value, answer.item);
      return { ...xml, status: answer.status };
    },
  };
}
