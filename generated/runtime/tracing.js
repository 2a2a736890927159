// the API's values (SpanKind, SpanStatusCode), fixed by the specification
const INTERNAL = 0;
const CLIENT = 2;
const ERROR = 2;
const SPAN_KEY = Symbol.for('OpenTelemetry Context Key SPAN');
/** A context holding `span` as the active one: the API's own key, in an immutable map of the API's shape. */
class ParentContext {
  values;
  constructor(values) {
    this.values = values;
  }
  getValue(key) {
    return this.values.get(key);
  }
  setValue(key, value) {
    return new ParentContext(new Map(this.values).set(key, value));
  }
  deleteValue(key) {
    const values = new Map(this.values);
    values.delete(key);
    return new ParentContext(values);
  }
}
/** An error as events and spans show it: its name, and its message redacted. */
export function shownError(error, clean) {
  return error instanceof Error
    ? { name: error.name, message: clean(error.message) }
    : { name: 'Error', message: clean(String(error)) };
}
function failed(span, error) {
  span.setAttribute('error.type', error.name);
  span.recordException({ name: error.name, message: error.message });
  span.setStatus({ code: ERROR, message: error.message });
}
/** A span for one attempt; the function it returns ends it with the outcome. */
export function requestSpan(tracer, event, parent, clean) {
  const query = event.path.indexOf('?');
  const attributes = {
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
export function runSpan(tracer, name, family, object, clean) {
  const shown = clean(object);
  const span = tracer.startSpan(`${name} ${shown}`, {
    kind: INTERNAL,
    attributes: { 'erp.family': family, 'erp.object': shown },
  });
  const counts = new Map();
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
