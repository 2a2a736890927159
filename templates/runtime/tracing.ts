// OpenTelemetry spans, without depending on OpenTelemetry: `createClient({ tracer })` takes any object shaped like
// the API's Tracer (`trace.getTracer(...)` of `@opentelemetry/api` fits), typed here by the few members the
// client calls. So the package compiles and runs without `@opentelemetry/*` installed (a type-only import of the
// API would break the compile of every consumer without it), and works with whichever API version the team has.
//
// A span per attempt of a request (kind CLIENT), named `<method> <object>`, with the HTTP semantic conventions'
// attributes and the object or service as `erp.object`; a paging run (`client.rows()`) and a transaction's
// polling (`client.transactionAsync()`) are a span (kind INTERNAL) whose requests are its children. The parent
// is passed in the API's own context form: a context whose span key is the API's, `Symbol.for('OpenTelemetry
// Context Key SPAN')` (the API makes its keys with Symbol.for precisely so that copies and versions of it agree).
// A run's own parent is whatever context is active where it starts (the caller's span, with a context manager).
// Paths are redacted as everywhere; no header, body or token is ever an attribute. Loaded (observer.ts) only by a
// client given hooks or a tracer.
import type { RequestEvent, RequestFamily } from './hooks.js';

export type AttributeValue = string | number | boolean;

/** The part of an OpenTelemetry Context the client builds: an immutable map from symbols. */
export interface TraceContextLike {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): TraceContextLike;
  deleteValue(key: symbol): TraceContextLike;
}

/** The part of an OpenTelemetry Span the client calls. */
export interface SpanLike {
  setAttribute(key: string, value: AttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: { name: string; message: string }): unknown;
  end(): void;
}

/** The part of an OpenTelemetry Tracer the client calls: `trace.getTracer('my-app')` fits. */
export interface TracerLike {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, AttributeValue> },
    context?: TraceContextLike,
  ): SpanLike;
}

/** A run of requests: with a tracer, the span their spans are children of. */
export interface Run {
  /** the context the run's requests start their spans in */
  readonly context?: TraceContextLike;
  /** adds to a count the run's span carries when it ends (`erp.pages`, `erp.rows`, `erp.polls`) */
  count(attribute: string, by?: number): void;
  /** ends the run's span, with the error that ended the run */
  end(error?: unknown): void;
}

// the API's values (SpanKind, SpanStatusCode), fixed by the specification
const INTERNAL = 0;
const CLIENT = 2;
const ERROR = 2;
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');

/** A context holding `span` as the active one: the API's own key, in an immutable map of the API's shape. */
class ParentContext implements TraceContextLike {
  private readonly values: ReadonlyMap<symbol, unknown>;
  constructor(values: ReadonlyMap<symbol, unknown>) {
    this.values = values;
  }
  getValue(key: symbol): unknown {
    return this.values.get(key);
  }
  setValue(key: symbol, value: unknown): TraceContextLike {
    return new ParentContext(new Map(this.values).set(key, value));
  }
  deleteValue(key: symbol): TraceContextLike {
    const values = new Map(this.values);
    values.delete(key);
    return new ParentContext(values);
  }
}

/** An error as events and spans show it: its name, and its message redacted. */
export function shownError(error: unknown, clean: (text: string) => string): { name: string; message: string } {
  return error instanceof Error
    ? { name: error.name, message: clean(error.message) }
    : { name: 'Error', message: clean(String(error)) };
}

function failed(span: SpanLike, error: { readonly name: string; readonly message: string }): void {
  span.setAttribute('error.type', error.name);
  span.recordException({ name: error.name, message: error.message });
  span.setStatus({ code: ERROR, message: error.message });
}

/** A span for one attempt; the function it returns ends it with the outcome. */
export function requestSpan(
  tracer: TracerLike,
  event: RequestEvent,
  parent: Run | undefined,
  clean: (text: string) => string,
): (status: number, redirects: number, error?: { readonly name: string; readonly message: string }) => void {
  const query = event.path.indexOf('?');
  const attributes: Record<string, AttributeValue> = {
    'http.request.method': event.method,
    'url.path': query < 0 ? event.path : event.path.slice(0, query),
    'erp.family': event.family,
  };
  if (query >= 0) attributes['url.query'] = event.path.slice(query + 1);
  if (event.object !== undefined) attributes['erp.object'] = clean(event.object);
  if (event.attempt > 1) attributes['http.request.resend_count'] = event.attempt - 1;
  const span = tracer.startSpan(
    `${event.method} ${attributes['erp.object'] ?? event.family}`,
    { kind: CLIENT, attributes },
    parent?.context,
  );
  return (status, redirects, error) => {
    if (status > 0) span.setAttribute('http.response.status_code', status);
    if (redirects > 0) span.setAttribute('erp.redirects', redirects);
    if (error !== undefined) failed(span, error);
    span.end();
  };
}

/** The span of a run of requests, their parent. */
export function runSpan(
  tracer: TracerLike,
  name: string,
  family: RequestFamily,
  object: string,
  clean: (text: string) => string,
): Run {
  const shown = clean(object);
  const span = tracer.startSpan(`${name} ${shown}`, {
    kind: INTERNAL,
    attributes: { 'erp.family': family, 'erp.object': shown },
  });
  const counts = new Map<string, number>();
  let ended = false;
  return {
    context: new ParentContext(new Map([[SPAN_KEY, span]])),
    count(attribute, by = 1) {
      counts.set(attribute, (counts.get(attribute) ?? 0) + by);
    },
    end(error) {
      if (ended) return;
      ended = true;
      for (const [attribute, value] of counts) span.setAttribute(attribute, value);
      if (error !== undefined) failed(span, shownError(error, clean));
      span.end();
    },
  };
}
